import { BatonApp } from '../components/app-shell/baton-app';

export default function HomePage() {
  return <BatonApp />;
}

/**
 * Runs in the browser before the app's own modules (Next.js `instrumentation-client`). The page's
 * Content-Security-Policy forbids eval; zod would otherwise probe for it while it builds each
 * object schema, and the browser would block the probe and report it as a violation.
 */
import { z } from 'zod';

z.config({ jitless: true });

/**
 * A registry package string split into name and version: npm's `@scope/name@1.2.3` or `name`,
 * Python's `name==1.2.3`, `name@1.2.3` or `name`. The registry pins a version in the string or,
 * without one, by the agent's own `version`.
 */
import { InstallError } from './run-installer';

export interface PackageSpec {
  name: string;
  version: string;
}

const VERSION = /^[A-Za-z0-9][A-Za-z0-9._+-]*$/;

export function npmPackageSpec(text: string, agentVersion: string): PackageSpec {
  const at = text.indexOf('@', 1);
  return checked(at === -1 ? { name: text, version: agentVersion } : { name: text.slice(0, at), version: text.slice(at + 1) }, text);
}

export function pythonPackageSpec(text: string, agentVersion: string): PackageSpec {
  const match = /^([^=@<>!~\s]+)(?:==|@)(.+)$/.exec(text);
  return checked(match ? { name: match[1]!, version: match[2]! } : { name: text, version: agentVersion }, text);
}

function checked(spec: PackageSpec, text: string): PackageSpec {
  if (!/^(@[a-z0-9][\w.-]*\/)?[A-Za-z0-9][\w.-]*(\[[\w,.-]+\])?$/.test(spec.name) || !VERSION.test(spec.version)) {
    throw new Error(`the registry's package ${JSON.stringify(text)} is not a package name with one exact version`);
  }
  return spec;
}

/** The registry's `cmd` for a package: a program's name, never a path that could lead out of the install folder. */
export function programName(cmd: string | undefined): string | undefined {
  if (cmd === undefined) return undefined;
  if (!/^[A-Za-z0-9@_+-][A-Za-z0-9@._+-]*$/.test(cmd))
    throw new InstallError(`the registry's cmd ${JSON.stringify(cmd)} is not a program name (letters, digits, "@._+-", no folder)`);
  return cmd;
}

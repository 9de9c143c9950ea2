import type { McpServerStatus } from '../../lib/protocol/eca/tool-servers';

export function toolServerStatusLabel(status: McpServerStatus): string {
  switch (status) {
    case 'starting':
      return 'Starting…';
    case 'running':
      return 'Running';
    case 'stopped':
      return 'Stopped';
    case 'failed':
      return 'Failed';
    case 'disabled':
      return 'Disabled';
    default: {
      const unreachable: never = status;
      return unreachable;
    }
  }
}

/** What the user can do with a server in this state: a disabled one is off in the configuration. */
export function toolServerAction(status: McpServerStatus): 'stop' | 'start' | null {
  switch (status) {
    case 'starting':
    case 'running':
      return 'stop';
    case 'stopped':
    case 'failed':
      return 'start';
    case 'disabled':
      return null;
    default: {
      const unreachable: never = status;
      return unreachable;
    }
  }
}

import { describe, expect, it } from 'vitest';
import type { AgentInfo } from '../agent-backend';
import { ShownAgentInfo } from './shown-agent-info';

const INFO: AgentInfo = {
  name: 'Fake',
  kind: 'acp',
  model: '',
  offlineDemo: false,
  capabilities: { contexts: false, commands: false, toolServers: false, sessionApproval: true },
};

describe('ShownAgentInfo', () => {
  it('tells every listener of a change once, and of a repeated one not at all', () => {
    const shown = new ShownAgentInfo(INFO);
    const told: string[] = [];
    shown.onChanged(() => told.push(`a:${shown.info.model}`));
    shown.onChanged(() => told.push(`b:${shown.info.model}`));
    shown.update({ ...INFO, model: 'fast' });
    shown.update({ ...INFO, model: 'fast' });
    expect(told).toEqual(['a:fast', 'b:fast']);
    expect(shown.info).toEqual({ ...INFO, model: 'fast' });
  });
});

'use client';

import type { AgentSupport } from '../../lib/protocol/agents';
import styles from './agents.module.css';

function listed(names: readonly string[], none: string): string {
  return names.length > 0 ? names.join(', ') : none;
}

/** What a started ACP agent said it supports in `initialize`, as facts a user can check. */
export function AgentSupportSummary({ support }: { support: AgentSupport }) {
  const prompt = [
    support.prompt.image && 'images',
    support.prompt.audio && 'audio',
    support.prompt.embeddedContext && 'files’ contents',
  ].filter((item): item is string => typeof item === 'string');
  const mcp = [support.mcp.http && 'HTTP', support.mcp.sse && 'SSE'].filter((item): item is string => typeof item === 'string');
  const rows: [string, string][] = [
    ['Agent', [support.agentName, support.agentVersion].filter(Boolean).join(' ') || 'did not say'],
    ['Loads earlier sessions', support.loadSession ? 'yes' : 'no'],
    ['Session methods', listed(support.sessionCapabilities, 'none')],
    ['Prompts may carry', listed(prompt, 'text only')],
    ['MCP servers over', listed(['stdio', ...mcp], 'stdio')],
    ['Login', listed(support.authMethods, 'none offered')],
  ];
  return (
    <dl className={styles.agentSupport} data-testid="agent-support">
      {rows.map(([term, value]) => (
        <div key={term} className={styles.agentSupportRow}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

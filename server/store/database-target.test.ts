import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { databaseTarget, describeDatabase } from './database-target';

const dataDir = path.resolve('/srv/project/.baton');

describe('databaseTarget', () => {
  it("uses the data folder's SQLite file when no URL is given", () => {
    expect(databaseTarget({ dataDir })).toEqual({ kind: 'sqlite', file: path.join(dataDir, 'baton.db') });
    expect(databaseTarget({ dataDir, databaseUrl: '' })).toEqual({ kind: 'sqlite', file: path.join(dataDir, 'baton.db') });
  });

  it('takes postgres:// and postgresql:// URLs as they are', () => {
    for (const url of ['postgresql://baton:secret@db.internal:5432/baton', 'postgres://localhost/threads?sslmode=require']) {
      expect(databaseTarget({ dataDir, databaseUrl: url })).toEqual({ kind: 'postgresql', url });
    }
  });

  it('takes a file: URL inside the data folder, and refuses one outside it', () => {
    expect(databaseTarget({ dataDir, databaseUrl: 'file:team.db' })).toEqual({ kind: 'sqlite', file: path.join(dataDir, 'team.db') });
    expect(() => databaseTarget({ dataDir, databaseUrl: 'file:../baton.db' })).toThrow(/inside the data folder/);
    expect(() => databaseTarget({ dataDir, databaseUrl: 'file:/tmp/baton.db' })).toThrow(/inside the data folder/);
    expect(() => databaseTarget({ dataDir, databaseUrl: 'file:' })).toThrow(/names no file/);
  });

  it('refuses other schemes, non-URLs and a PostgreSQL URL without a database, saying what is accepted', () => {
    expect(() => databaseTarget({ dataDir, databaseUrl: 'mysql://localhost/baton' })).toThrow(/SQLite .* or PostgreSQL .*not mysql:/);
    expect(() => databaseTarget({ dataDir, databaseUrl: 'baton.db' })).toThrow(/not a URL/);
    expect(() => databaseTarget({ dataDir, databaseUrl: 'postgresql://localhost' })).toThrow(/names no database/);
  });

  it('never shows a password in what it logs', () => {
    const described = describeDatabase({ kind: 'postgresql', url: 'postgresql://baton:hunter2@db:5432/baton' });
    expect(described).not.toContain('hunter2');
    expect(described).toContain('db:5432/baton');
  });
});

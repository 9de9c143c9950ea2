/**
 * prisma/schema.prisma is written for SQLite; PostgreSQL's client and migrations are made from
 * the same text with only the datasource provider (and, for the client, its output) changed.
 */

/** The schema text with provider = "postgresql"; `output`, when given, replaces the generator's. */
export function postgresSchema(sqliteSchema, output) {
  const withProvider = sqliteSchema.replace(/provider\s*=\s*"sqlite"/, 'provider = "postgresql"');
  if (withProvider === sqliteSchema) {
    throw new Error('prisma/schema.prisma no longer says provider = "sqlite", which the PostgreSQL schema replaces.');
  }
  if (output === undefined) return withProvider;
  const withOutput = withProvider.replace(/output\s*=\s*"[^"]*"/, `output   = ${JSON.stringify(output)}`);
  if (withOutput === withProvider) {
    throw new Error("prisma/schema.prisma's generator no longer has the output line the PostgreSQL client replaces.");
  }
  return withOutput;
}

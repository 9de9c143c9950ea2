export function postgresSchema(sqliteSchema: string, output?: string): string;

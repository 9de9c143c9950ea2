export declare function isPlainName(name: string): boolean;
export declare function clearEnvironmentBlock(): boolean;

export declare function anthropicSdkBundleFile(projectRoot: string): string;
export declare function anthropicSdkModule(projectRoot: string): string;
export declare function buildAnthropicSdkBundle(projectRoot: string, outFile?: string): Promise<string>;

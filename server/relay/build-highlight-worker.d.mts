export declare const HIGHLIGHT_WORKER_ENTRY: string;
export declare function buildHighlightWorker(projectRoot: string, uiBuildFolder: string): Promise<void>;

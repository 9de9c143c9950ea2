export declare const HIGHLIGHT_WORKER_ENTRY: string;
export declare function buildHighlightWorker(uiBuildFolder: string): Promise<void>;

/**
 * The relay's limits on one workspace file read, apart from the schemas so that code which only
 * needs a number (the file viewer, loaded lazily) does not pull the schemas into its chunk.
 */

/** The most bytes one `readBinaryFile` answers; base64 makes a third more on the wire. */
export const MAX_BINARY_PAGE_BYTES = 1024 * 1024;
/** The most matches one `globSearch` answers, as the relay caps it. */
export const MAX_GLOB_SEARCH_MATCHES = 2000;

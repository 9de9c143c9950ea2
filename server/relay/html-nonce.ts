/**
 * Gives the UI's built HTML the CSP nonce of each response. The page is Baton's own build output
 * (`next build` with `output: 'export'`), never agent content: its inline `<script>` and `<style>`
 * elements are Next.js's hydration data, which the policy `script-src 'self' 'nonce-…'` lets run
 * only when they carry the response's nonce. The file is split once, where each such tag opens, so
 * that a response costs one join.
 * https://html.spec.whatwg.org/multipage/parsing.html#raw-text-elements
 */

export interface NonceTemplate {
  /** The HTML with `nonce="<nonce>"` on every `<script>` and `<style>` element. */
  render(nonce: string): string;
}

/** Opening tags that need the nonce: `<script` or `<style` followed by whitespace, `/` or `>`. */
const OPENING_TAG = /<(script|style)(?=[\s/>])/gi;
/** A nonce is base64: anything else would break out of the attribute, so it is refused. */
const NONCE_SHAPE = /^[A-Za-z0-9+/]+={0,2}$/;

export function nonceTemplate(html: string): NonceTemplate {
  const parts: string[] = [];
  const lowerCase = html.toLowerCase();
  let copiedUpTo = 0;
  OPENING_TAG.lastIndex = 0;
  for (let match = OPENING_TAG.exec(html); match; match = OPENING_TAG.exec(html)) {
    const tagEnd = html.indexOf('>', match.index);
    if (tagEnd === -1) throw new Error(`The UI's HTML has an unterminated <${match[1]}> tag`);
    if (/\snonce\s*=/i.test(html.slice(match.index, tagEnd))) {
      throw new Error(`The UI's HTML already carries a nonce on a <${match[1]}> tag; it must come from the relay`);
    }
    const afterName = match.index + match[0].length;
    parts.push(html.slice(copiedUpTo, afterName));
    copiedUpTo = afterName;
    // Script and style contents are raw text: a `<script` inside one is not a tag, so the search
    // resumes after the element's end tag.
    const closing = lowerCase.indexOf(`</${match[1]!.toLowerCase()}`, tagEnd);
    OPENING_TAG.lastIndex = closing === -1 ? html.length : closing;
  }
  parts.push(html.slice(copiedUpTo));
  return {
    render(nonce) {
      if (!NONCE_SHAPE.test(nonce)) throw new Error('A CSP nonce must be base64');
      return parts.join(` nonce="${nonce}"`);
    },
  };
}

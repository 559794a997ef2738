/** The element holding the answers a server-rendered page was rendered from (ADR 13). */
export const ANSWERS_ELEMENT_ID = 'liveedu-answers';

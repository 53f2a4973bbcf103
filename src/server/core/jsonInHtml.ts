// JSON written into a page's <script> data block (the page's answers, JSON-LD, the map frame's
// pins): a `<` in any value could close the element (`</script>`) or open a comment, so every
// one is written as `\u003c`, which JSON reads back as the same character.
export const safeJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');

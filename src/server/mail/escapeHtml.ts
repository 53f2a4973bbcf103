// Every value a message shows is escaped through this: names, places and notes are typed by
// visitors and hosts (common/escapeHtml.ts, shared with the pages and the embeds).
export { escapeHtml } from '../../common/escapeHtml';

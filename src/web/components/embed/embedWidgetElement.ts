// The widget's element, as JSX knows it: React 19 passes these as attributes to the custom
// element (web/embed/widget.ts defines it once /embed.js has loaded).
import type { DetailedHTMLProps, HTMLAttributes } from 'react';

interface ChaptersEventsAttributes extends HTMLAttributes<HTMLElement> {
  chapter?: string | undefined;
  state?: string | undefined;
  type?: string | undefined;
  limit?: string;
  theme?: 'light' | 'dark' | 'auto';
}

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'chapters-events': DetailedHTMLProps<ChaptersEventsAttributes, HTMLElement>;
    }
  }
}

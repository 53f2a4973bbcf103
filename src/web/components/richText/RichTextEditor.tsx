import Quill from 'quill';
import 'quill/dist/quill.snow.css';
import { useEffect, useRef } from 'react';
import { addMoreToggle, labelToolbar, toolbarFor, toolbarGroups } from './toolbar';

export interface RichTextEditorProps {
  /** The HTML it starts with; later changes of this prop are not applied (the editor owns it). */
  initialValue: string;
  onChange: (html: string) => void;
  /** The id of the element that names the editor (its label). */
  labelledBy: string;
  /** The image button: blog posts only (spec 2 §2 Editor screens). */
  withImage?: boolean;
  invalid?: boolean;
}

/** Spec 2 §9: the HTML Quill writes, with non-breaking spaces made ordinary ones (§5). */
export function editorHtml(quill: Quill): string {
  return quill.getSemanticHTML().replace(/&nbsp;|\u00a0/g, ' ');
}

/**
 * Quill 2 with the spec's toolbar and placeholder. Its code loads only with the screens that use
 * it. The server sanitizes whatever this produces before storing it.
 */
export function RichTextEditor({
  initialValue,
  onChange,
  labelledBy,
  withImage = false,
  invalid = false,
}: RichTextEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  const initial = useRef(initialValue);

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const container = document.createElement('div');
    element.append(container);
    const quill = new Quill(container, {
      theme: 'snow',
      placeholder: 'Enter content...',
      modules: {
        table: true,
        toolbar: {
          container: toolbarFor(withImage),
          handlers: {
            table(this: { quill: Quill }) {
              (
                this.quill.getModule('table') as { insertTable(r: number, c: number): void }
              ).insertTable(3, 3);
            },
          },
        },
      },
    });
    quill.setContents(quill.clipboard.convert({ html: initial.current }), 'silent');
    quill.root.setAttribute('role', 'textbox');
    quill.root.setAttribute('aria-multiline', 'true');
    quill.root.setAttribute('aria-labelledby', labelledBy);
    const toolbar = element.querySelector<HTMLElement>('.ql-toolbar');
    if (toolbar) {
      labelToolbar(toolbar);
      addMoreToggle(toolbar, toolbarGroups(withImage).primary.length);
    }
    quill.on('text-change', () => onChangeRef.current(editorHtml(quill)));
    return () => {
      element.replaceChildren();
    };
  }, [withImage, labelledBy]);

  return <div ref={host} className={`rich-text-editor${invalid ? ' is-invalid' : ''}`} />;
}

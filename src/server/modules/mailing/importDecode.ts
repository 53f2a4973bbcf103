// The characters of an uploaded member file (issue 31): UTF-8 when its bytes are UTF-8, else
// windows-1252, which is what Excel's "CSV" and most older tools write in the West (a superset
// of Latin-1: "José Müller" is the same bytes in both). Read as UTF-8 such a file would be
// stored with replacement characters. A file whose bytes are UTF-8 at first and not later is
// neither: it is refused, asking for UTF-8, rather than stored half garbled.
import { Transform, type TransformCallback } from 'node:stream';
import { MEMBER_IMPORT } from '../../../common/memberImport';
import { fieldError } from '../../core/httpError';

export const MIXED_ENCODING =
  'The file mixes text encodings: save it as CSV UTF-8 and import it again.';

/**
 * The bytes past ASCII that end `chunk`: while all text passed on was ASCII, these are the
 * bytes a streaming UTF-8 decoder holds back (the start of a character cut by the chunk's end).
 */
function heldBack(chunk: Buffer | null): Buffer {
  if (!chunk) return Buffer.alloc(0);
  let start = chunk.length;
  while (start > 0 && chunk.length - start < 3 && chunk[start - 1]! >= 0x80) start -= 1;
  return chunk.subarray(start);
}

/** A stream of the upload's text, decoded as UTF-8 or (failing that) windows-1252. */
export function decodeUpload(): Transform {
  let decoder = new TextDecoder('utf-8', { fatal: true });
  let utf8 = true;
  // Whether UTF-8 text past ASCII was passed on: then a later invalid byte cannot be read as
  // windows-1252 any more (the earlier text would have meant something else).
  let sawNonAscii = false;
  let previous: Buffer | null = null;
  const asWindows1252 = (chunk: Buffer) => {
    utf8 = false;
    decoder = new TextDecoder('windows-1252');
    return decoder.decode(Buffer.concat([heldBack(previous), chunk]), { stream: true });
  };
  return new Transform({
    readableObjectMode: false,
    decodeStrings: true,
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      try {
        if (utf8) {
          try {
            const text = decoder.decode(chunk, { stream: true });
            if (!sawNonAscii && /[^\p{ASCII}]/u.test(text)) sawNonAscii = true;
            previous = chunk;
            return callback(null, text);
          } catch {
            if (sawNonAscii) throw fieldError(400, MEMBER_IMPORT.field, MIXED_ENCODING);
            // Nothing but ASCII so far: this chunk (with what the decoder held back of the
            // last) and the rest are windows-1252.
            return callback(null, asWindows1252(chunk));
          }
        }
        callback(null, decoder.decode(chunk, { stream: true }));
      } catch (err) {
        callback(err as Error);
      }
    },
    flush(callback: TransformCallback) {
      try {
        callback(null, decoder.decode());
      } catch {
        // The file ends in the middle of a UTF-8 character: one byte past ASCII at its very end.
        if (sawNonAscii) return callback(fieldError(400, MEMBER_IMPORT.field, MIXED_ENCODING));
        callback(null, asWindows1252(Buffer.alloc(0)) + decoder.decode());
      }
    },
  });
}

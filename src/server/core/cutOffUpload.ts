// A multipart body that ends before its closing boundary (a connection cut mid-file, a client
// that counted wrong) was answered 500 on the member import and 413 "too large" on an image
// (issue 31): it is a 400 saying the file did not arrive whole. Here, below the modules, because
// the upload routes name it in their answers and plugins/errors.ts in its last resort.
import { fieldError } from './httpError';

export const UPLOAD_CUT_OFF = 'The upload was cut off before its end: send the file again.';

/** busboy's errors, on the form and on its file, for a body that ends early. */
export function isCutOffUpload(err: unknown): boolean {
  return err instanceof Error && /unexpected end of multipart data/i.test(err.message);
}

/** What to answer for a failure reading the upload's `field`: `err` itself unless it is ours. */
export function uploadFailure(err: unknown, field: string): unknown {
  return isCutOffUpload(err) ? fieldError(400, field, UPLOAD_CUT_OFF) : err;
}

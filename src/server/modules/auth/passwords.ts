// Passwords: argon2id with the library's defaults (OWASP's recommended parameters).
import { hash, verify } from '@node-rs/argon2';

export const hashPassword = (password: string) => hash(password);

// Verifying against this for an unknown email makes "no such user" take as long as "wrong
// password", so timing does not tell which emails have accounts.
const dummyHash = hash('not a real password: only for equal timing');

export async function verifyPassword(
  passwordHash: string | null,
  password: string,
): Promise<boolean> {
  if (!passwordHash) {
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}

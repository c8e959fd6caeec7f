import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Provider keys are encrypted at rest with AES-256-GCM (key derived from PARLEY_SECRET).
 * Stored form: 'enc:v1:' + base64(iv | tag | ciphertext). Plain values written before encryption
 * existed are read back as they are.
 */
export interface SecretBox {
  encrypt(plain: string): string;
  decrypt(stored: string): string;
}

const prefix = 'enc:v1:';

export function createSecretBox(secret: string): SecretBox {
  const key = createHash('sha256').update(`parley-secrets:${secret}`).digest();
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return prefix + Buffer.concat([iv, cipher.getAuthTag(), ct]).toString('base64');
    },
    decrypt(stored) {
      if (!stored.startsWith(prefix)) return stored;
      const raw = Buffer.from(stored.slice(prefix.length), 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}

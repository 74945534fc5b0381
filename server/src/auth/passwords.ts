import argon2 from 'argon2';

export interface PasswordPolicy {
  memoryKib: number;
  timeCost: number;
}

/** argon2id with configurable cost (secure defaults in config; tests lower them). */
export function createPasswordHasher(policy: PasswordPolicy) {
  const options = {
    type: argon2.argon2id as 2,
    memoryCost: policy.memoryKib,
    timeCost: policy.timeCost,
    parallelism: 1,
  };
  let dummy: Promise<string> | undefined;
  return {
    hash: (password: string) => argon2.hash(password, options),
    async verify(hash: string, password: string): Promise<boolean> {
      try {
        return await argon2.verify(hash, password);
      } catch {
        return false;
      }
    },
    /** True when the hash was made with other parameters than today's (rehash it after a good login). */
    needsRehash: (hash: string) => argon2.needsRehash(hash, options),
    /** Spends the time of one verification, so an unknown e-mail answers as slowly as a wrong password. */
    async verifyDummy(password: string): Promise<void> {
      dummy ??= argon2.hash('szeat-dummy-password', options);
      await argon2.verify(await dummy, password).catch(() => false);
    },
  };
}

export type PasswordHasher = ReturnType<typeof createPasswordHasher>;

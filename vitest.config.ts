import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src-main/**/*.test.ts', 'src-shared/**/*.test.ts', 'src-renderer/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    testTimeout: 60_000,
    pool: 'threads',
  },
});

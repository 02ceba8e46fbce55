/** `ENOENT: no such file or directory, stat '/x'` becomes `no such file or directory`. */
export function describeFileSystemError(error: unknown): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  switch (code) {
    case 'ENOENT':
      return 'no such file or directory';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'is a folder';
    default:
      return error instanceof Error ? error.message : String(error);
  }
}

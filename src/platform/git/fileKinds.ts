// Files whose content says nothing a commit message needs: lock files and generated output.
// Their diff is long and mechanical, so the model is told only their name and size.

const LOCK_FILES = new Set([
  'package-lock.json',
  'npm-shrinkwrap.json',
  'yarn.lock',
  'pnpm-lock.yaml',
  'bun.lockb',
  'Cargo.lock',
  'Gemfile.lock',
  'composer.lock',
  'poetry.lock',
  'Pipfile.lock',
  'uv.lock',
  'go.sum',
  'packages.lock.json',
  'pubspec.lock',
  'mix.lock',
  'flake.lock',
]);

const GENERATED = [/\.min\.(js|css)$/, /\.map$/, /(^|\/)(dist|build|out|node_modules|vendor)\//, /\.snap$/, /\.pb\.go$/, /_pb2\.py$/, /\.generated\./];

export type FileKind = 'lock' | 'generated' | 'source';

export function fileKind(path: string): FileKind {
  const name = path.split('/').pop() ?? path;
  if (LOCK_FILES.has(name)) return 'lock';
  return GENERATED.some((pattern) => pattern.test(path)) ? 'generated' : 'source';
}

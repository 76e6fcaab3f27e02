// Code blocks for generated replies, one small template per language, plus how each
// language writes a line comment.

interface Language {
  aliases: string[];
  comment: string;
  sample(name: string, n: number): string;
}

export const LANGUAGES: Record<string, Language> = {
  typescript: {
    aliases: ['typescript', 'ts'],
    comment: '//',
    sample: (name, n) =>
      `export function ${name}(values: number[]): number {\n  const kept = values.filter((v) => v > ${n});\n  return kept.reduce((sum, v) => sum + v, 0);\n}\n`,
  },
  javascript: {
    aliases: ['javascript', 'js'],
    comment: '//',
    sample: (name, n) => `function ${name}(values) {\n  const kept = values.filter((v) => v > ${n});\n  return kept.reduce((sum, v) => sum + v, 0);\n}\n`,
  },
  python: {
    aliases: ['python', 'py'],
    comment: '#',
    sample: (name, n) => `def ${snake(name)}(values: list[int]) -> int:\n    kept = [v for v in values if v > ${n}]\n    return sum(kept)\n`,
  },
  go: {
    aliases: ['go', 'golang'],
    comment: '//',
    sample: (name, n) =>
      `func ${name}(values []int) int {\n\tsum := 0\n\tfor _, v := range values {\n\t\tif v > ${n} {\n\t\t\tsum += v\n\t\t}\n\t}\n\treturn sum\n}\n`,
  },
  rust: {
    aliases: ['rust', 'rs'],
    comment: '//',
    sample: (name, n) => `fn ${snake(name)}(values: &[i64]) -> i64 {\n    values.iter().filter(|v| **v > ${n}).sum()\n}\n`,
  },
  java: {
    aliases: ['java'],
    comment: '//',
    sample: (name, n) => `static int ${name}(int[] values) {\n    return java.util.Arrays.stream(values).filter(v -> v > ${n}).sum();\n}\n`,
  },
  csharp: {
    aliases: ['csharp', 'c#', 'cs'],
    comment: '//',
    sample: (name, n) => `static int ${pascal(name)}(int[] values) =>\n    values.Where(v => v > ${n}).Sum();\n`,
  },
  cpp: {
    aliases: ['cpp', 'c++'],
    comment: '//',
    sample: (name, n) =>
      `int ${snake(name)}(const std::vector<int>& values) {\n    int sum = 0;\n    for (int v : values) if (v > ${n}) sum += v;\n    return sum;\n}\n`,
  },
  ruby: {
    aliases: ['ruby', 'rb'],
    comment: '#',
    sample: (name, n) => `def ${snake(name)}(values)\n  values.select { |v| v > ${n} }.sum\nend\n`,
  },
  php: {
    aliases: ['php'],
    comment: '//',
    sample: (name, n) => `function ${name}(array $values): int {\n    return array_sum(array_filter($values, fn($v) => $v > ${n}));\n}\n`,
  },
  bash: {
    aliases: ['bash', 'sh', 'shell'],
    comment: '#',
    sample: (name, n) =>
      `${snake(name)}() {\n  local sum=0\n  for v in "$@"; do\n    if [ "$v" -gt ${n} ]; then sum=$((sum + v)); fi\n  done\n  echo "$sum"\n}\n`,
  },
  sql: {
    aliases: ['sql'],
    comment: '--',
    sample: (name, n) => `SELECT SUM(value) AS ${snake(name)}\nFROM readings\nWHERE value > ${n};\n`,
  },
  kotlin: {
    aliases: ['kotlin', 'kt'],
    comment: '//',
    sample: (name, n) => `fun ${name}(values: List<Int>): Int =\n    values.filter { it > ${n} }.sum()\n`,
  },
  swift: {
    aliases: ['swift'],
    comment: '//',
    sample: (name, n) => `func ${name}(_ values: [Int]) -> Int {\n    values.filter { $0 > ${n} }.reduce(0, +)\n}\n`,
  },
};

/** The language an alias (a fence tag or a name in prose) stands for, if known. */
export function languageOf(alias: string): Language | undefined {
  const wanted = alias.toLowerCase();
  return Object.values(LANGUAGES).find((l) => l.aliases.includes(wanted));
}

/** Language names recognised in prose; short or ambiguous aliases (go, js, cs, sh...) only count in fences. */
export const NAMED_IN_PROSE = [
  'typescript',
  'javascript',
  'python',
  'golang',
  'rust',
  'java',
  'csharp',
  'c#',
  'c++',
  'ruby',
  'php',
  'bash',
  'shell',
  'sql',
  'kotlin',
  'swift',
];

function snake(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

function pascal(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

// The module specifiers a source text imports or re-exports (static, dynamic `import()` and `require()`), for
// the tests that check which way dependencies point.
export function importsOf(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    found.push((match[1] ?? match[2] ?? match[3])!);
  }
  return found;
}

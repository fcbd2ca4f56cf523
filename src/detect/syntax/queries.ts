/**
 * Which grammar reads which VS Code language, and each grammar's query for bindings: a name (or a list or
 * pattern of names) `@lhs` bound to a value `@rhs`, or a Go `const`/`var` spec `@spec` (several names, one
 * expression list). Node and field names are those of the grammars in `@vscode/tree-sitter-wasm` 0.3.1,
 * `@tree-sitter-grammars/tree-sitter-kotlin` 1.1.0 and `tree-sitter-scala` 0.24.0; a query that no longer
 * compiles after a grammar upgrade fails its unit test (test/unit/syntax.test.ts).
 */

/** VS Code language id -> grammar file stem (`tree-sitter-<stem>.wasm`). C is read by the C++ grammar. */
const GRAMMAR_OF_LANGUAGE: Record<string, string> = {
  java: 'java', go: 'go', python: 'python', rust: 'rust',
  typescript: 'typescript', typescriptreact: 'tsx', javascript: 'javascript', javascriptreact: 'javascript',
  csharp: 'c-sharp', php: 'php', ruby: 'ruby', c: 'cpp', cpp: 'cpp', shellscript: 'bash',
  kotlin: 'kotlin', scala: 'scala',
};

/**
 * The npm package (folder under node_modules) that ships each grammar's `.wasm`, when it is not VS Code's
 * `@vscode/tree-sitter-wasm` (whose files sit in its `wasm/` folder). The build copies them all to dist/.
 */
const GRAMMAR_PACKAGES: Record<string, string> = {
  kotlin: '@tree-sitter-grammars/tree-sitter-kotlin',
  scala: 'tree-sitter-scala',
};

/** Where a runtime or grammar file lies under node_modules (development, tests, the CLI run from the repository). */
export function wasmPackagePath(fileName: string): string {
  const stem = /^tree-sitter-(.+)\.wasm$/.exec(fileName)?.[1];
  const owner = stem !== undefined ? GRAMMAR_PACKAGES[stem] : undefined;
  return owner ? `${owner}/${fileName}` : `@vscode/tree-sitter-wasm/wasm/${fileName}`;
}

export function grammarFileFor(languageId: string | undefined): string | undefined {
  return languageId ? GRAMMAR_OF_LANGUAGE[languageId] : undefined;
}

/** Every grammar file the package ships and the product uses (copied to dist/ by the build). */
export const GRAMMAR_FILES = [...new Set(Object.values(GRAMMAR_OF_LANGUAGE))].map((stem) => `tree-sitter-${stem}.wasm`);

const TS_LIKE = `
(variable_declarator name: (_) @lhs value: (_) @rhs)
(public_field_definition name: (_) @lhs value: (_) @rhs)
(enum_assignment name: (_) @lhs value: (_) @rhs)
(assignment_expression left: (_) @lhs right: (_) @rhs)
(pair key: (property_identifier) @lhs value: (_) @rhs (#match? @lhs "^[A-Z][A-Z0-9_]*$"))`;

export const LANGUAGE_QUERIES: Record<string, { readonly definitions: string }> = {
  java: { definitions: '(variable_declarator name: (identifier) @lhs value: (_) @rhs)' },
  go: {
    definitions: `
(const_spec) @spec
(var_spec) @spec
(short_var_declaration left: (_) @lhs right: (_) @rhs)
(assignment_statement left: (_) @lhs right: (_) @rhs)`,
  },
  python: { definitions: '(assignment left: (_) @lhs right: (_) @rhs)' },
  rust: {
    definitions: `
(const_item name: (_) @lhs value: (_) @rhs)
(static_item name: (_) @lhs value: (_) @rhs)
(let_declaration pattern: (_) @lhs value: (_) @rhs)
(enum_variant name: (_) @lhs value: (_) @rhs)`,
  },
  typescript: { definitions: TS_LIKE },
  tsx: { definitions: TS_LIKE },
  javascript: {
    definitions: `
(variable_declarator name: (_) @lhs value: (_) @rhs)
(field_definition property: (_) @lhs value: (_) @rhs)
(assignment_expression left: (_) @lhs right: (_) @rhs)
(pair key: (property_identifier) @lhs value: (_) @rhs (#match? @lhs "^[A-Z][A-Z0-9_]*$"))`,
  },
  'c-sharp': {
    definitions: `
(variable_declarator name: (identifier) @lhs "=" . (_) @rhs)
(enum_member_declaration name: (_) @lhs value: (_) @rhs)`,
  },
  cpp: {
    definitions: `
(init_declarator declarator: (identifier) @lhs value: (_) @rhs)
(field_declaration declarator: (field_identifier) @lhs default_value: (_) @rhs)
(preproc_def name: (_) @lhs value: (_) @rhs)
(enumerator name: (_) @lhs value: (_) @rhs)`,
  },
  php: {
    definitions: `
(const_element (name) @lhs . (_) @rhs)
(assignment_expression left: (_) @lhs right: (_) @rhs)`,
  },
  ruby: { definitions: '(assignment left: (_) @lhs right: (_) @rhs)' },
  bash: { definitions: '(variable_assignment name: (_) @lhs value: (_) @rhs)' },
  // `val`/`var`/`const val` at file, object, class or companion-object level and in blocks (the value follows `=`;
  // a delegate `by lazy { }` is not a value), and assignments in statements (`x = 1`, `total += 2`).
  kotlin: {
    definitions: `
(property_declaration (variable_declaration (identifier) @lhs) "=" . (_) @rhs)
(assignment left: (_) @lhs right: (_) @rhs)`,
  },
  // `val`/`var` (names or a tuple pattern), and assignments that are statements: a named argument
  // (`BloomFilter(fpp = 0.01)`) is also an `assignment_expression`, inside `arguments`, and binds nothing.
  scala: {
    definitions: `
(val_definition pattern: (_) @lhs value: (_) @rhs)
(var_definition pattern: (_) @lhs value: (_) @rhs)
(block (assignment_expression left: (_) @lhs right: (_) @rhs))
(template_body (assignment_expression left: (_) @lhs right: (_) @rhs))
(compilation_unit (assignment_expression left: (_) @lhs right: (_) @rhs))`,
  },
};

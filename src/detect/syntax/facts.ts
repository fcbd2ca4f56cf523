/**
 * What the parse tree of one text tells detection, computed lazily (the text is parsed on the first
 * question, so a file whose hits need no tree is never parsed): which strings are prose (docstrings,
 * log and print messages), and which names are bound to which expressions, with where and in which
 * class or object they are defined. `dispose()` frees the tree (the wasm heap never shrinks).
 */
import type { Node, Tree } from '@vscode/tree-sitter-wasm';
import type { LoadedGrammar } from './runtime';

/** One binding of a name to an expression in the text. */
export interface Definition {
  readonly expression: string;
  /** Offset of the name in the text. */
  readonly offset: number;
  /** Name of the enclosing class, object, struct or enum, when there is one (`Limits` for `Limits.N`). */
  readonly owner?: string;
  /** The value is a parameter's default (`def f(capacity=10_000)`): what the function uses when its caller states none. */
  readonly parameterDefault?: boolean;
}

/** Texts longer than this are left to the text readers (a 1 MB parse takes 200-400 ms). */
export const MAX_PARSED_LENGTH = 400_000;

const NAME_TYPES = new Set([
  'identifier', 'constant', 'property_identifier', 'field_identifier', 'name', 'type_identifier', 'variable_name',
  'shorthand_property_identifier_pattern', 'private_property_identifier',
]);
const LIST_TYPES = new Set([
  'expression_list', 'pattern_list', 'tuple_pattern', 'array_pattern', 'tuple', 'tuple_expression', 'list', 'list_pattern', 'array',
  'left_assignment_list', 'right_assignment_list',
]);
const STRING_TYPES = /string|text_block|heredoc|template/;
const CALL_TYPES = new Set([
  'call', 'call_expression', 'method_invocation', 'invocation_expression', 'function_call_expression', 'member_call_expression',
  'scoped_call_expression', 'macro_invocation', 'method_call', 'command',
]);
/** Nodes between a message string and the call that prints it (arguments, concatenation, interpolation). */
const MESSAGE_PARTS = new Set([
  'argument_list', 'arguments', 'argument', 'token_tree', 'binary_expression', 'concatenated_string', 'template_substitution',
  'interpolation', 'string', 'string_literal', 'interpreted_string_literal', 'raw_string_literal', 'template_string',
  'encapsed_string', 'parenthesized_expression', 'formatted_string', 'interpolated_string_expression',
  'value_argument', 'value_arguments', 'string_content', 'interpolated_string',
]);
const OWNER_TYPES = /^(?:class_declaration|class_definition|class|class_specifier|struct_specifier|struct_item|object_declaration|object|enum_declaration|enum_item|enum_specifier|interface_declaration|module|impl_item|record_declaration|abstract_class_declaration|object_definition|trait_definition|enum_definition)$/;

/**
 * Printing and logging calls, by callee: `print`, `println!`, `console.log`, `System.out.println`, `fmt.Printf`,
 * `Console.WriteLine`, `puts`, `echo`, Rust's log macros, and a level method on a receiver named like a logger.
 */
const PRINT_CALLEE = /^(?:print|println|printf|eprint|eprintln|puts|echo|error_log|console\.\w+|System\.(?:out|err)\.print(?:ln|f)?|Console\.(?:Error\.)?Write(?:Line)?|fmt\.F?[Pp]rint(?:ln|f)?|(?:e?print(?:ln)?|info|warn|error|debug|trace|log)!)$/;
const LOG_CALLEE = /(?:^|[.:>])(?:\w*log\w*|LOG|Log|logger|LOGGER)(?:\.|::|->)(?:debug|info|warn|warning|error|trace|fatal|critical|exception|notice|verbose|log|[dviwe])f?$/i;

/** One call whose argument list holds an offset: its callee as written (`require.Equal`, `verify(m).bfReserve`) and the argument's position. */
export interface CallAround {
  readonly callee: string;
  readonly argumentIndex: number;
}

/** What the tree says about the code at one offset (precision.ts asks, on the draft's start). */
export interface Surroundings {
  /** Calls whose argument lists hold the offset, innermost first. */
  readonly calls: readonly CallAround[];
  /** The callee, as written, of the call the offset names (`verify(m).bfReserve` at `bfReserve`), if any. */
  readonly ownCallee: string | undefined;
  /** The offset lies in a function's parameter list (a default value) or names a function being declared. */
  readonly inDeclaration: boolean;
  /** Parameter names of the functions around the offset. */
  readonly parameters: ReadonlySet<string>;
  /** The offset lies in a value bound to a variable whose only later uses are assertions' arguments (an expected value). */
  readonly boundForAssertion: boolean;
}

/** Argument lists; Kotlin's is `value_arguments`. */
const ARGUMENT_LISTS = new Set(['argument_list', 'arguments', 'token_tree', 'value_arguments']);
/** Parameter lists; Kotlin's are `function_value_parameters` and a primary constructor's `class_parameters` (also Scala's). */
const PARAMETER_LISTS = new Set(['formal_parameters', 'parameters', 'parameter_list', 'lambda_parameters', 'closure_parameters', 'inferred_parameters', 'method_parameters', 'function_value_parameters', 'class_parameters']);
/** Function-like declarations: their `name` is a declared function, not a call. */
const FUNCTION_DECLARATIONS = /^(?:method_declaration|constructor_declaration|function_declaration|function_definition|function_item|function_signature_item|method_definition|method_spec|method_elem|method|singleton_method|abstract_method_declaration|local_function_statement|interface_method_declaration|function_signature|method_signature|abstract_method_signature|generator_function_declaration|function_declarator)$/;
/** Bindings, with the field that holds the bound name(s) and the one that holds the value. */
const BINDINGS: Record<string, readonly [string, string]> = {
  assignment_expression: ['left', 'right'], assignment: ['left', 'right'], assignment_statement: ['left', 'right'],
  short_var_declaration: ['left', 'right'], let_declaration: ['pattern', 'value'], variable_declarator: ['name', 'value'],
  init_declarator: ['declarator', 'value'], val_definition: ['pattern', 'value'], var_definition: ['pattern', 'value'],
};
/** Parameters with a default value, with the field holding the name and the one holding the default (Python, JS/TS, PHP, Ruby, C++). */
const PARAMETER_DEFAULTS: Record<string, readonly [string, string]> = {
  default_parameter: ['name', 'value'], typed_default_parameter: ['name', 'value'], assignment_pattern: ['left', 'right'],
  required_parameter: ['pattern', 'value'], optional_parameter: ['name', 'value'], simple_parameter: ['name', 'default_value'],
  keyword_parameter: ['name', 'value'], optional_parameter_declaration: ['declarator', 'default_value'],
  // Scala: a class's or a function's parameter with a default (`class C(n: Int = 1024*1024)`, `def f(p: Double = 0.01)`)
  class_parameter: ['name', 'default_value'], parameter: ['name', 'default_value'],
};
/** Assertions by callee: `assert_eq!`, `assertEquals`, `assertThat(..).isEqualTo`, `require.Equal`, `expect(..).toEqual`. */
const ASSERTION_CALLEE = /(?:^|[.:>)])(?:assert\w*|expect\w*|check_eq|is(?:Not)?EqualTo|isSameAs|contains\w*|to(?:Strict)?Equal|toBe|[A-Z]\w*Equal\w*)!?$|^(?:require|assert|suite|s)\.\w+$/;
/** Keyword arguments whose string is help or usage text (`add_argument(..., help="...")`). */
const HELP_KEYWORDS = /^(?:help|description|usage|epilog|doc|docstring|summary)$/;

function isAssertionCallee(callee: string): boolean {
  return ASSERTION_CALLEE.test(callee);
}

/** Binds a parameter's name to its default, unless the text binds it otherwise too (then it is no constant). */
function bindDefault(table: Map<string, Definition | null>, name: Node, value: Node): void {
  const expression = value.text.trim();
  const previous = table.get(name.text);
  if (previous === undefined) table.set(name.text, { expression, offset: name.startIndex, parameterDefault: true });
  else if (previous !== null && previous.expression !== expression) table.set(name.text, null);
}

/**
 * Kotlin `fun f(n: Long = 10_000_000, p: Double = 0.01)`: the grammar lists each `parameter` and then its default
 * expression as siblings (no fields), so a parameter's default is the named node that follows it.
 */
function kotlinParameterDefaults(list: Node, table: Map<string, Definition | null>): void {
  const children = list.namedChildren.filter((c): c is Node => c !== null);
  children.forEach((child, i) => {
    const value = children[i + 1];
    if (child.type !== 'parameter' || !value || value.type === 'parameter' || value.type === 'parameter_modifiers') return;
    const name = child.namedChildren.find((c) => c?.type === 'identifier' || c?.type === 'simple_identifier');
    if (!name) return;
    bindDefault(table, name, value);
  });
}

/** Kotlin `class C(expectedDevices: Int = DEFAULT)`: a primary constructor's parameter lists its name, type, then its default. */
function kotlinClassParameterDefault(parameter: Node, table: Map<string, Definition | null>): void {
  const children = parameter.namedChildren.filter((c): c is Node => c !== null);
  const name = children.find((c) => c.type === 'identifier' || c.type === 'simple_identifier');
  const type = children.findIndex((c) => /_type$/.test(c.type));
  const value = children[children.length - 1];
  if (!name || type < 0 || children.indexOf(value) <= type) return;
  bindDefault(table, name, value);
}

export class SyntaxFacts {
  private tree: Tree | undefined;
  private parsed = false;
  private table: Map<string, Definition | null> | undefined;
  private loops: LoopRows[] | undefined;

  /** Whether the script pipes into a Redis CLI anywhere (read once per text: `isProse` asks for every string). */
  private pipesIntoCli: boolean | undefined;

  constructor(private readonly grammar: LoadedGrammar, private readonly text: string) {}

  private pipesIntoRedisCli(): boolean {
    return (this.pipesIntoCli ??= /\|\s*(?:redis-cli|valkey-cli|keydb-cli)\b/.test(this.text));
  }

  /** The tree, parsed on first use; undefined for texts over the size limit or when parsing fails. */
  private root(): Node | undefined {
    if (!this.parsed) {
      this.parsed = true;
      if (this.text.length <= MAX_PARSED_LENGTH) {
        try {
          this.tree = this.grammar.parser.parse(this.text) ?? undefined;
        } catch {
          this.tree = undefined;
        }
      }
    }
    return this.tree?.rootNode;
  }

  /** Whether the tree has syntax errors (half-typed code): what it misses there, the text readers may still find. */
  hasError(): boolean {
    return this.root()?.hasError ?? false;
  }

  /** Whether the character at `offset` lies in a docstring or in the message of a print or log call. */
  isProse(offset: number): boolean {
    const root = this.root();
    if (!root) return false;
    let node: Node | null = root.descendantForIndex(offset);
    if (node && insideError(node)) return false; // a broken region: the text readers decide, as without a tree
    for (let up = 0; node && up < 3 && !STRING_TYPES.test(node.type); up++) node = node.parent;
    if (!node || !STRING_TYPES.test(node.type)) return false;
    // The whole literal (Python `string` around its `string_content`, an interpolated string around its parts).
    for (let up = 0; node.parent && up < 3 && STRING_TYPES.test(node.parent.type); up++) node = node.parent;
    // A docstring: a string that is a statement of its own (Python, and a bare string statement anywhere).
    const statement = node.parent?.type === 'concatenated_string' ? node.parent.parent : node.parent;
    if (statement?.type === 'expression_statement' && statement.namedChildCount === 1) return true;
    // Help or usage text: the string of a `help=` keyword argument.
    const keyword = statement?.type === 'keyword_argument' ? statement.childForFieldName('name')?.text : undefined;
    if (keyword !== undefined && HELP_KEYWORDS.test(keyword)) return true;
    // The message of a print or log call: climb through arguments, concatenation and interpolation.
    let part: Node | null = node.parent;
    for (let up = 0; part && up < 6 && MESSAGE_PARTS.has(part.type); up++) part = part.parent;
    if (part === null || !CALL_TYPES.has(part.type) || !isPrintOrLog(calleeText(part))) return false;
    return !(isEcho(part) && this.pipesIntoRedisCli());
  }

  /**
   * Every name bound in the text, to its expression (null when it is bound to two different expressions:
   * not a constant). Names of members are also entered qualified by their owner (`Limits.N`).
   */
  definitions(): ReadonlyMap<string, Definition | null> {
    if (this.table) return this.table;
    const table = new Map<string, Definition | null>();
    this.table = table;
    const root = this.root();
    if (!root) return table;
    const add = (nameNode: Node, valueNode: Node): void => {
      const name = nameNode.text;
      const expression = valueNode.text.trim();
      if (name === '' || expression === '') return;
      const owner = ownerName(nameNode);
      const definition: Definition = owner ? { expression, offset: nameNode.startIndex, owner } : { expression, offset: nameNode.startIndex };
      for (const key of owner ? [name, `${owner}.${name}`] : [name]) {
        const previous = table.get(key);
        if (previous === undefined) table.set(key, definition);
        else if (previous !== null && previous.expression !== expression) table.set(key, null);
      }
    };
    for (const match of this.grammar.definitions.matches(root)) {
      const spec = match.captures.find((c) => c.name === 'spec')?.node;
      if (spec) {
        // Go `const a, b = 1, 2`: several names and one expression list.
        const names = spec.childrenForFieldName('name').filter((n): n is Node => n !== null && n.isNamed);
        const values = spec.childForFieldName('value')?.namedChildren ?? [];
        if (values.length === names.length) names.forEach((name, i) => values[i] && add(name, values[i] as Node));
        continue;
      }
      const lhs = match.captures.find((c) => c.name === 'lhs')?.node;
      const rhs = match.captures.find((c) => c.name === 'rhs')?.node;
      if (lhs && rhs) bind(lhs, rhs, add);
    }
    this.addParameterDefaults(root, table);
    return table;
  }

  /**
   * Parameters with a default value (`capacity: int = 10_000_000`, `length = MAX`, `$rate = 0.01`, Ruby `size = 10`):
   * the name is bound to its default, unless the text binds it otherwise too (then it is no constant).
   */
  private addParameterDefaults(root: Node, table: Map<string, Definition | null>): void {
    const visit = (node: Node, depth: number): void => {
      if (depth > 200) return;
      if (node.type === 'function_value_parameters') kotlinParameterDefaults(node, table);
      if (node.type === 'class_parameter') kotlinClassParameterDefault(node, table);
      const parameter = PARAMETER_DEFAULTS[node.type];
      if (parameter) {
        const name = node.childForFieldName(parameter[0]);
        const value = node.childForFieldName(parameter[1]);
        if (name && value && NAME_TYPES.has(name.type) && PARAMETER_LISTS.has(node.parent?.type ?? '')) {
          bindDefault(table, name, value);
        }
      }
      for (const child of node.namedChildren) if (child) visit(child, depth + 1);
    };
    visit(root, 0);
  }

  /**
   * The loop around `offset` that binds its variables to the rows of a literal list (`for name, cap, fp in [(A, B, C),
   * (D, E, F)]:`, `for (const [n, p] of [[1, 0.01], [2, 0.02]])`): one binding of every variable per row. Each row
   * configures its own filter.
   */
  loopAround(offset: number): LoopRows | undefined {
    if (!this.loops) {
      this.loops = [];
      const root = this.root();
      const visit = (node: Node, depth: number): void => {
        if (depth > 200 || this.loops!.length > 100) return;
        if (node.type === 'for_statement' || node.type === 'for_in_statement') {
          const rows = literalRows(node.childForFieldName('left'), node.childForFieldName('right'));
          const body = node.childForFieldName('body');
          if (rows && body) this.loops!.push({ ...rows, start: body.startIndex, end: body.endIndex });
        }
        for (const child of node.namedChildren) if (child) visit(child, depth + 1);
      };
      if (root) visit(root, 0);
    }
    return this.loops.filter((loop) => loop.start <= offset && offset < loop.end).pop();
  }

  /**
   * What the tree says about the code at `offset`; undefined when the text has no tree or the offset lies in a
   * part it could not parse (an `ERROR` node: Kotlin's one-line class body, half-typed code), left to the text readers.
   */
  around(offset: number): Surroundings | undefined {
    const root = this.root();
    if (!root) return undefined;
    if (root.hasError && insideError(root.descendantForIndex(offset) ?? root)) return undefined;
    const calls: CallAround[] = [];
    const parameters = new Set<string>();
    let ownCallee: string | undefined;
    let inDeclaration = false;
    let binding: Node | undefined;
    let child: Node = root.descendantForIndex(offset) ?? root;
    if (FUNCTION_DECLARATIONS.test(child.parent?.type ?? '') && sameNode(child.parent?.childForFieldName(child.parent.type === 'function_declarator' ? 'declarator' : 'name'), child)) inDeclaration = true;
    for (let node = child.parent; node; child = node, node = node.parent) {
      if (CALL_TYPES.has(node.type)) {
        const args = argumentsOf(node);
        if (args && sameNode(child, args)) calls.push({ callee: calleeText(node), argumentIndex: argumentIndex(args, offset) });
        else if (ownCallee === undefined && calls.length === 0) ownCallee = calleeText(node);
      }
      if (PARAMETER_LISTS.has(node.type) && calls.length === 0) inDeclaration = true;
      // a value bound as data: no call between it and the binding (not `r = reserve(..)`, whose result is asserted)
      // (Scala's named argument `fpp = 0.01` is an assignment inside an argument list: it binds nothing)
      if (!binding && calls.length === 0 && ownCallee === undefined && sameNode(bindingParts(node)?.value, child) && !ARGUMENT_LISTS.has(node.parent?.type ?? '')) binding = node;
      const own = node.childForFieldName('parameters') ?? node.childForFieldName('parameter') ?? node.childForFieldName('class_parameters') ?? functionDeclaratorParameters(node) ?? kotlinParameters(node);
      if (own && !CALL_TYPES.has(node.type)) parameterNames(own, parameters);
    }
    const boundForAssertion = binding !== undefined && onlyAsserted(binding, bindingParts(binding)?.target ?? null);
    return { calls, ownCallee, inDeclaration, parameters, boundForAssertion };
  }

  /** Frees the tree. */
  dispose(): void {
    this.tree?.delete();
    this.tree = undefined;
  }
}

/** A binding's target and value: by field names, or Kotlin's `val x = value` (a `property_declaration` without fields). */
function bindingParts(node: Node): { target: Node | null; value: Node | null } | undefined {
  const fields = BINDINGS[node.type];
  if (fields) return { target: node.childForFieldName(fields[0]), value: node.childForFieldName(fields[1]) };
  if (node.type !== 'property_declaration' || !node.children.some((c) => c?.type === '=')) return undefined;
  const target = node.namedChildren.find((n): n is Node => n?.type === 'variable_declaration') ?? null;
  return { target, value: node.namedChild(node.namedChildCount - 1) };
}

const OWN_MEMBER_TYPES = new Set(['member_expression', 'attribute', 'member_access_expression']);

/** A loop's variables and, per row of its literal list, the expression (and its offset) each variable takes. */
export interface LoopRows {
  readonly names: readonly string[];
  readonly rows: readonly (readonly { readonly expression: string; readonly offset: number }[])[];
  /** The loop body's range. */
  readonly start: number;
  readonly end: number;
}

const MAX_LOOP_ROWS = 20;

/** `name, cap, fp` over `[(A, B, C), (D, E, F)]`: two rows of three; undefined unless every row has one value per name. */
function literalRows(left: Node | null, right: Node | null): Omit<LoopRows, 'start' | 'end'> | undefined {
  if (!left || !right || !LIST_TYPES.has(left.type) || !LIST_TYPES.has(right.type)) return undefined;
  const names = left.namedChildren.filter((n): n is Node => n !== null && n.type !== 'comment');
  if (names.length === 0 || !names.every((n) => NAME_TYPES.has(n.type))) return undefined;
  const rows = right.namedChildren.filter((n): n is Node => n !== null && n.type !== 'comment');
  if (rows.length < 2 || rows.length > MAX_LOOP_ROWS) return undefined;
  const values = rows.map((row) => (LIST_TYPES.has(row.type) ? row.namedChildren.filter((n): n is Node => n !== null && n.type !== 'comment') : []));
  if (!values.every((row) => row.length === names.length)) return undefined;
  return { names: names.map((n) => n.text), rows: values.map((row) => row.map((v) => ({ expression: v.text, offset: v.startIndex }))) };
}

/** Binds a name, a list of names (`a, b := x, y`) or a destructuring pattern (`const {n, p} = {n: 1, p: 2}`). */
function bind(lhs: Node, rhs: Node, add: (name: Node, value: Node) => void): void {
  if (NAME_TYPES.has(lhs.type)) {
    add(lhs, rhs);
    return;
  }
  // an own member: `this.errorRate = ...` (JS/TS), `self.capacity = ...` (Python), `$this->rate = ...` (PHP)
  if (OWN_MEMBER_TYPES.has(lhs.type) && /^(?:this|self|\$this)(?:\.|->)[A-Za-z_]\w*$/.test(lhs.text)) {
    add(lhs, rhs);
    return;
  }
  if (LIST_TYPES.has(lhs.type)) {
    const names = lhs.namedChildren.filter((n): n is Node => n !== null && n.type !== 'comment');
    const values = LIST_TYPES.has(rhs.type) ? rhs.namedChildren.filter((n): n is Node => n !== null && n.type !== 'comment') : [];
    if (names.length === values.length && names.length > 1) names.forEach((name, i) => bind(name, values[i], add));
    else if (names.length === 1 && values.length === 1) bind(names[0], values[0], add);
    return;
  }
  if (lhs.type === 'object_pattern' && rhs.type === 'object') {
    const byKey = new Map<string, Node>();
    for (const pair of rhs.namedChildren) {
      const key = pair?.childForFieldName('key');
      const value = pair?.childForFieldName('value');
      if (pair?.type === 'pair' && key && value) byKey.set(key.text.replace(/^['"]|['"]$/g, ''), value);
    }
    for (const element of lhs.namedChildren) {
      if (!element) continue;
      if (element.type === 'shorthand_property_identifier_pattern') {
        const value = byKey.get(element.text);
        if (value) add(element, value);
      } else if (element.type === 'pair_pattern') {
        const key = element.childForFieldName('key');
        const target = element.childForFieldName('value');
        const value = key ? byKey.get(key.text) : undefined;
        if (target && value) bind(target, value, add);
      }
    }
  }
}

/** The name of the nearest enclosing class, object, struct, enum or impl. */
function ownerName(node: Node): string | undefined {
  for (let parent = node.parent, up = 0; parent && up < 12; parent = parent.parent, up++) {
    if (!OWNER_TYPES.test(parent.type)) continue;
    const name = parent.childForFieldName('name') ?? parent.childForFieldName('type');
    return name?.text;
  }
  return undefined;
}

/** A call's callee as written, whitespace removed (`System.out.println`, `log.info`, `println!`). */
function calleeText(call: Node): string {
  if (call.type === 'command') return call.childForFieldName('name')?.text ?? '';
  // the callee ends at the argument list, or at Kotlin's trailing lambda (`filter.apply { .. }`)
  const args = argumentsOf(call) ?? call.namedChildren.find((n): n is Node => n?.type === 'annotated_lambda') ?? null;
  const end = args ? args.startIndex - call.startIndex : call.text.length;
  return call.text.slice(0, end).replace(/\s+/g, '');
}

/**
 * A shell script that pipes its output into `redis-cli` / `valkey-cli` (`{ gen_bloom; } | redis-cli --pipe`,
 * `echo "BF.RESERVE k 0.01 1000" | redis-cli`): what it echoes are the commands the server runs, not a message.
 */
function isEcho(call: Node): boolean {
  return call.type === 'command' && /^(?:echo|printf)$/.test(calleeText(call));
}

export function isPrintOrLog(callee: string): boolean {
  return PRINT_CALLEE.test(callee) || LOG_CALLEE.test(callee);
}

/** Whether a node is, or lies in, a part of the text the grammar could not parse. */
function insideError(node: Node): boolean {
  for (let part: Node | null = node, up = 0; part && up < 64; part = part.parent, up++) if (part.type === 'ERROR' || part.isMissing) return true;
  return false;
}

function sameNode(a: Node | null | undefined, b: Node | null | undefined): boolean {
  return a != null && b != null && a.startIndex === b.startIndex && a.endIndex === b.endIndex && a.type === b.type;
}

/** A call's argument list (`argument_list`, `arguments`, a macro's `token_tree`). */
function argumentsOf(call: Node): Node | undefined {
  return call.childForFieldName('arguments') ?? call.namedChildren.find((n): n is Node => n !== null && ARGUMENT_LISTS.has(n.type)) ?? undefined;
}

/** Which argument holds `offset` (0-based), counting the commas before it at the list's own depth. */
function argumentIndex(args: Node, offset: number): number {
  let index = 0;
  for (const part of args.children) {
    if (!part || part.startIndex >= offset) break;
    if (part.type === ',' && part.endIndex <= offset) index++;
  }
  return index;
}

/** C and C++: a definition's parameters sit in its `function_declarator`. */
function functionDeclaratorParameters(node: Node): Node | null {
  let declarator = node.type === 'function_definition' ? node.childForFieldName('declarator') : null;
  for (let up = 0; declarator && declarator.type !== 'function_declarator' && up < 4; up++) declarator = declarator.childForFieldName('declarator');
  return declarator?.type === 'function_declarator' ? declarator.childForFieldName('parameters') : null;
}

/** Kotlin: a function's `function_value_parameters` and a class's primary constructor parameters (no field names there). */
function kotlinParameters(node: Node): Node | null {
  if (node.type !== 'function_declaration' && node.type !== 'class_declaration' && node.type !== 'secondary_constructor') return null;
  for (const part of node.namedChildren) {
    if (part?.type === 'function_value_parameters') return part;
    if (part?.type === 'primary_constructor') return part.namedChildren.find((n): n is Node => n?.type === 'class_parameters') ?? null;
  }
  return null;
}

/** The names a parameter list declares: its identifiers, outside types and default values. */
function parameterNames(list: Node, into: Set<string>): void {
  if (list.type === 'identifier') {
    into.add(list.text);
    return;
  }
  // Kotlin's parameters have no field names: the name is a parameter's first identifier; its default value
  // (`size: Int = DEFAULT`) is a sibling in the list, and types are `user_type` nodes
  if (list.type === 'function_value_parameters' || (list.type === 'class_parameters' && list.namedChildren.some((p) => p?.type === 'class_parameter' && !p.childForFieldName('name')))) {
    for (const parameter of list.namedChildren) {
      const name = parameter && /^(?:class_)?parameter$/.test(parameter.type) ? parameter.namedChildren.find((n): n is Node => n?.type === 'identifier') : undefined;
      if (name) into.add(name.text);
    }
    return;
  }
  const visit = (node: Node, depth: number): void => {
    if (depth > 6) return;
    for (let i = 0; i < node.childCount; i++) {
      const part = node.child(i);
      const field = node.fieldNameForChild(i);
      if (!part || field === 'type' || field === 'value' || field === 'default_value') continue;
      if (part.type === 'identifier') into.add(part.text);
      else if (part.namedChildCount > 0) visit(part, depth + 1);
    }
  };
  visit(list, 0);
}

/** The variable a binding target names at its root (`value` in `value.rocksdb`, `opts` in `opts`). */
function rootName(target: Node | null): string | undefined {
  for (let node = target, up = 0; node && up < 8; up++) {
    if (NAME_TYPES.has(node.type)) return node.text;
    node = node.childForFieldName('value') ?? node.childForFieldName('object') ?? node.childForFieldName('operand') ?? node.childForFieldName('argument') ?? node.namedChild(0);
  }
  return undefined;
}

const FUNCTION_BODIES = /^(?:block|compound_statement|statement_block|function_body|constructor_body)$/;

/**
 * Whether the variable a binding sets is, after it, handed to assertions (at least once) and to no other call: a value
 * built to be compared (`value.rocksdb = DbConfig { .. }; ... assert_eq!(value, loaded)`), not a configuration. Uses
 * that hand it to nothing (`value.x = ..`, `value.raft_engine.mut_config()`) do not count.
 */
function onlyAsserted(binding: Node, target: Node | null): boolean {
  const name = rootName(target);
  if (!name) return false;
  let body: Node | null = binding.parent;
  while (body && !(FUNCTION_BODIES.test(body.type) && body.parent && (FUNCTION_DECLARATIONS.test(body.parent.type) || body.parent.childForFieldName('parameters')))) body = body.parent;
  if (!body || body.endIndex - body.startIndex > 200_000) return false;
  let asserted = 0;
  let handedOff = 0;
  const visit = (node: Node): void => {
    if (handedOff > 0 || node.endIndex <= binding.endIndex) return;
    if (NAME_TYPES.has(node.type) && node.text === name && node.startIndex >= binding.endIndex) {
      const call = callTakingAsArgument(node);
      if (call && isAssertionCallee(calleeText(call))) asserted++;
      else if (call) handedOff++;
      return;
    }
    for (const part of node.namedChildren) if (part) visit(part);
  };
  visit(body);
  return asserted > 0 && handedOff === 0;
}

/** The call whose arguments hold this name (`f(&value)`, `assert_eq!(value, x)`), within its statement. */
function callTakingAsArgument(node: Node): Node | undefined {
  let child = node;
  for (let parent = node.parent, up = 0; parent && up < 8; child = parent, parent = parent.parent, up++) {
    if (CALL_TYPES.has(parent.type)) return sameNode(argumentsOf(parent), child) ? parent : undefined;
    if (/statement|declaration|block/.test(parent.type)) return undefined;
  }
  return undefined;
}

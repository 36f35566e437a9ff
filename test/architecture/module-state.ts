import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/** Collections whose instance at module level would be state shared by every caller of the module. */
const MUTABLE = new Set(['Map', 'WeakMap', 'Set', 'WeakSet']);

/**
 * Module-level mutable state in the TypeScript files under `dir`: a top-level `let` or `var`, or a top-level
 * binding to a new Map, WeakMap, Set or WeakSet (a cache every call shares, that no caller can see). Each as
 * `file:line text`.
 */
export function moduleState(root: string, dir: string): string[] {
  const files = (d: string): string[] =>
    readdirSync(join(root, d)).flatMap((name) => {
      const path = join(d, name);
      if (statSync(join(root, path)).isDirectory()) return files(path);
      return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [path] : [];
    });
  return files(dir).flatMap((file) => {
    const text = readFileSync(join(root, file), 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
    const found: string[] = [];
    const report = (node: ts.Node) => {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      found.push(
        `${relative(root, join(root, file)).split('\\').join('/')}:${line} ${node.getText(source).split('\n')[0]}`,
      );
    };
    for (const statement of source.statements) {
      if (!ts.isVariableStatement(statement)) continue;
      const list = statement.declarationList;
      if (!(list.flags & ts.NodeFlags.Const)) {
        report(statement);
        continue;
      }
      for (const d of list.declarations) if (d.initializer && createsMutable(d.initializer)) report(d);
    }
    return found;
  });
}

/** `new Map(...)` and the like, also behind `as`, `!`, parentheses or `satisfies`. */
function createsMutable(e: ts.Expression): boolean {
  if (
    ts.isAsExpression(e) ||
    ts.isNonNullExpression(e) ||
    ts.isParenthesizedExpression(e) ||
    ts.isSatisfiesExpression(e)
  )
    return createsMutable(e.expression);
  return ts.isNewExpression(e) && ts.isIdentifier(e.expression) && MUTABLE.has(e.expression.text);
}

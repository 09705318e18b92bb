/** The filtering example: each PostgREST operator once, on a column of a type it suits. */
import { exampleValue } from './example-values.ts';
import { jsLiteral, jsString, urlValue, type Example } from './format.ts';
import type { ExampleColumns } from './table-columns.ts';

export interface FilterLine {
  /** A comment line before this filter in the JavaScript example. */
  heading?: string;
  js: string;
  /** The same filter as a query parameter: [column or `or`, value]. */
  param: [string, string];
}

function call(method: string, column: string, ...args: Example[]): string {
  return `.${method}(${[jsString(column), ...args.map(jsLiteral)].join(', ')})`;
}

/** PostgREST list values are quoted when they hold its delimiters. */
function listItem(value: Example): string {
  const text = urlValue(value);
  return /[,()"\s]/.test(text) ? `"${text.replace(/"/g, '\\"')}"` : text;
}

export function tableFilters(columns: ExampleColumns): FilterLine[] {
  const lines: FilterLine[] = [];
  const { equatable, ordered, text, nullable, array } = columns;
  if (equatable) {
    const [a, b] = [exampleValue(equatable, 0), exampleValue(equatable, 1)];
    lines.push(
      { heading: 'Filters', js: call('eq', equatable.name, a), param: [equatable.name, `eq.${urlValue(a)}`] },
      { js: call('neq', equatable.name, b), param: [equatable.name, `neq.${urlValue(b)}`] },
    );
  }
  if (ordered) {
    const [low, high] = [exampleValue(ordered, 0), exampleValue(ordered, 1)];
    lines.push(
      { js: call('gt', ordered.name, low), param: [ordered.name, `gt.${urlValue(low)}`] },
      { js: call('lt', ordered.name, high), param: [ordered.name, `lt.${urlValue(high)}`] },
      { js: call('gte', ordered.name, low), param: [ordered.name, `gte.${urlValue(low)}`] },
      { js: call('lte', ordered.name, high), param: [ordered.name, `lte.${urlValue(high)}`] },
    );
  }
  if (text) {
    const word = urlValue(exampleValue(text, 0));
    lines.push(
      { js: call('like', text.name, `%${word}%`), param: [text.name, `like.%${word}%`] },
      { js: call('ilike', text.name, `%${word.toLowerCase()}%`), param: [text.name, `ilike.%${word.toLowerCase()}%`] },
    );
  }
  if (nullable) lines.push({ js: call('is', nullable.name, null), param: [nullable.name, 'is.null'] });
  if (equatable) {
    const values = [exampleValue(equatable, 0), exampleValue(equatable, 1)];
    lines.push({ js: call('in', equatable.name, values), param: [equatable.name, `in.(${values.map(listItem).join(',')})`] });
  }
  if (array) {
    // Array columns always get array examples.
    const one = exampleValue(array, 0) as Example[];
    const both = [...one, ...(exampleValue(array, 1) as Example[])];
    lines.push(
      { heading: 'Arrays', js: call('contains', array.name, one), param: [array.name, `cs.{${one.map(listItem).join(',')}}`] },
      { js: call('containedBy', array.name, both), param: [array.name, `cd.{${both.map(listItem).join(',')}}`] },
    );
  }
  const negated = text ?? equatable;
  if (negated) {
    const b = exampleValue(negated, 1);
    const op = negated === text ? 'like' : 'eq';
    const value = op === 'like' ? `%${urlValue(b)}%` : urlValue(b);
    lines.push({ heading: 'Logical operators', js: `.not(${jsString(negated.name)}, '${op}', ${jsString(value)})`, param: [negated.name, `not.${op}.${value}`] });
  }
  if (equatable) {
    const either = `${equatable.name}.eq.${listItem(exampleValue(equatable, 0))},${equatable.name}.eq.${listItem(exampleValue(equatable, 1))}`;
    lines.push({ js: `.or(${jsString(either)})`, param: ['or', `(${either})`] });
  }
  return lines;
}

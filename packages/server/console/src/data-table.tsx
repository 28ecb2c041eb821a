import type { ComponentChildren } from 'preact';

/** A scrolling table: a caption for screen readers, one row of column headers, and the given body rows. */
export function DataTable({ caption, columns, children }: { caption: string; columns: string[]; children: ComponentChildren }) {
  return (
    <div class="table-scroll">
      <table>
        <caption class="sr-only">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

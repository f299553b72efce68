import { type Column, type ColumnDef, flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';

/** A column's name as its header says it, for the label of its value on a phone's card. */
function columnLabel<T>(column: Column<T, unknown>): string {
  const title = column.columnDef.header;
  return typeof title === 'string' ? title : column.id;
}

/**
 * A table of one page of server rows, on TanStack Table (headless); the server sorts and pages.
 * Below the `sm` breakpoint each row is a card of its cells, each under its column's name, so a
 * phone shows every column (Total, Status, Actions…) without scrolling sideways (issue 28).
 */
export function DataTable<T>({
  columns,
  data,
  caption,
}: {
  columns: ColumnDef<T, unknown>[];
  data: T[];
  caption: string;
}) {
  const table = useReactTable({ data, columns, getCoreRowModel: getCoreRowModel(), manualPagination: true });
  return (
    <div className="rounded-lg border border-navy-100 bg-white sm:overflow-x-auto max-sm:border-0 max-sm:bg-transparent">
      <table className="min-w-full text-left text-sm max-sm:block">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-navy-50 text-navy-700 max-sm:sr-only">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">
                  {header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody className="max-sm:grid max-sm:gap-3">
          {table.getRowModel().rows.map((row) => (
            <tr
              key={row.id}
              className="border-t border-navy-100 align-top max-sm:block max-sm:rounded-lg max-sm:border max-sm:bg-white max-sm:p-3"
            >
              {row.getVisibleCells().map((cell) => (
                <td
                  key={cell.id}
                  data-label={columnLabel(cell.column)}
                  className="px-3 py-2 max-sm:flex max-sm:items-start max-sm:justify-between max-sm:gap-3 max-sm:px-0 max-sm:py-1 max-sm:text-right max-sm:before:shrink-0 max-sm:before:text-left max-sm:before:font-semibold max-sm:before:text-navy-700 max-sm:before:content-[attr(data-label)]"
                >
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

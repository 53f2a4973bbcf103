import Table from 'react-bootstrap/Table';
import type { CsvPreview } from './csvPreview';

/** What a column of the file will be: the address, (part of) the name, or left out. */
function role(preview: CsvPreview, column: number): string {
  if (column === preview.columns.email) return 'Email';
  if (preview.columns.name.includes(column)) return 'Name';
  return 'Not imported';
}

/** The file's first rows, each column headed by what the import makes of it. */
export function ImportPreview({ preview, fileName }: { preview: CsvPreview; fileName: string }) {
  const width = Math.max(preview.header?.length ?? 0, ...preview.rows.map((r) => r.length));
  const columns = Array.from({ length: width }, (_, i) => i);
  return (
    <div className="mb-3">
      <h2 className="h5" id="import-preview-title">
        Preview of {fileName}
      </h2>
      <p className="text-body-secondary small mb-2">
        {preview.header
          ? 'The first row names the columns and is not imported.'
          : 'The file has no header row: every row is imported.'}{' '}
        The first {preview.rows.length} {preview.rows.length === 1 ? 'row' : 'rows'}:
      </p>
      <div className="table-responsive">
        <Table size="sm" bordered aria-labelledby="import-preview-title" className="mb-0">
          <thead>
            <tr>
              {columns.map((i) => (
                <th key={i} scope="col">
                  <span className="d-block">{role(preview, i)}</span>
                  {preview.header && (
                    <span className="fw-normal text-body-secondary">{preview.header[i]}</span>
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((row, r) => (
              <tr key={r}>
                {columns.map((i) => (
                  <td
                    key={i}
                    className={role(preview, i) === 'Not imported' ? 'text-body-secondary' : ''}
                  >
                    {row[i]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
    </div>
  );
}

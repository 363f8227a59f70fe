import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { conversionDownloadLink, type Conversion } from '../../data/carrier-file-conversions';
import { useSnackbar } from '../../feedback/snackbar';

type Counts = NonNullable<Conversion['counts']>;

/** What a conversion made: its counts, the rows it could not place and why, the columns it left out, and the download. */
export function ConversionCounts({ companyId, conversion, counts }: { companyId: string; conversion: Conversion; counts: Counts }) {
  const snackbar = useSnackbar();

  async function download() {
    const link = await conversionDownloadLink(companyId, conversion.id);
    if (link.error) return snackbar.error(link.error);
    const a = document.createElement('a');
    a.href = link.data.url;
    a.download = link.data.name;
    a.rel = 'noopener';
    document.body.appendChild(a);
    a.click();
    a.remove();
  }

  return (
    <Card variant="outlined" component="section" aria-label="Conversion counts">
      <CardContent>
        <Stack spacing={1.5}>
          <Typography variant="h6" component="h2">
            {conversion.converted_name}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} data-testid="conversion-counts">
            <Chip label={`Members: ${counts.members.toLocaleString('en-US')}`} />
            <Chip label={`Employees: ${counts.employees.toLocaleString('en-US')}`} />
            <Chip label={`Dependents: ${counts.dependents.toLocaleString('en-US')}`} />
            <Chip label={`Coverage lines: ${counts.coverage_lines.toLocaleString('en-US')}`} />
            <Chip label={`Rows written: ${counts.rows_written.toLocaleString('en-US')}`} />
            <Chip color={counts.unplaced_rows ? 'warning' : 'default'} label={`Rows not placed: ${counts.unplaced_rows.toLocaleString('en-US')}`} />
          </Stack>
          {conversion.unplaced.length > 0 && (
            <Box>
              <Typography variant="subtitle2" component="h3">
                Rows that could not be placed
              </Typography>
              <Table size="small" aria-label="Rows that could not be placed">
                <TableHead>
                  <TableRow>
                    <TableCell>Row</TableCell>
                    <TableCell>Why</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {conversion.unplaced.map((u) => (
                    <TableRow key={u.row}>
                      <TableCell>{u.row}</TableCell>
                      <TableCell>{u.message}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
              {counts.unplaced_rows > conversion.unplaced.length && (
                <Typography variant="caption">…and {counts.unplaced_rows - conversion.unplaced.length} more.</Typography>
              )}
            </Box>
          )}
          {conversion.ignored_columns.length > 0 && (
            <Typography variant="body2" color="text.secondary">
              Columns not carried over: {conversion.ignored_columns.join(', ')}
            </Typography>
          )}
          <Stack direction="row" spacing={1}>
            <Button variant="outlined" onClick={() => void download()}>
              Download converted .xlsx
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}

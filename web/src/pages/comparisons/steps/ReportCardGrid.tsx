import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';

export interface ReportCard {
  key: string;
  title: string;
  value: number;
  detail?: string;
  /** A route of the app, or `#id` for a part of the same page. */
  href: string;
  testId?: string;
}

const n = (value: number) => value.toLocaleString('en-US');

/** The report's figures as cards in a grid, each opening what it counts. */
export function ReportCardGrid({ cards }: { cards: readonly ReportCard[] }) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(190px, 1fr))' }}>
      {cards.map((card) => (
        <li key={card.key}>
          <Card variant="outlined" sx={{ height: '100%' }} data-testid={card.testId}>
            <CardActionArea {...(card.href.startsWith('#') ? { href: card.href } : { component: RouterLink, to: card.href })} sx={{ height: '100%' }}>
              <CardContent>
                <Typography variant="overline" component="h3" color="text.secondary">
                  {card.title}
                </Typography>
                <Typography variant="h4" component="p">
                  {n(card.value)}
                </Typography>
                {card.detail && (
                  <Typography variant="body2" color="text.secondary">
                    {card.detail}
                  </Typography>
                )}
              </CardContent>
            </CardActionArea>
          </Card>
        </li>
      ))}
    </Box>
  );
}

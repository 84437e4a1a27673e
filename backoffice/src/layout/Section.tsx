// A titled card on a detail screen (a booking, a case).
import type { ReactNode } from 'react';
import { Card, CardContent, Typography } from '@mui/material';

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

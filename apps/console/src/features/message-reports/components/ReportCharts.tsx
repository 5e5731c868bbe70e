import { useId } from 'react';
import { Bar as Bars, BarChart, CartesianGrid, Cell, Tooltip, XAxis, YAxis } from 'recharts';
import styled, { useTheme } from 'styled-components';
import { VisuallyHidden } from '../../../shared-ui/form-controls';
import type { ReportAggregates } from '../message-reports-api';
import { replyBars, replyTimeBars, stateBars, type Bar } from '../report-charts';
import { useElementWidth } from './use-element-width';

/** Until the chart's box is measured (and where it cannot be). */
const FALLBACK_WIDTH = 480;
const BAR_ROW_PX = 36;

/** A session's people by state and by reply, and its replies over time, each a chart with its numbers as a table for screen readers. */
export function ReportCharts({ aggregates, timeZone }: { aggregates: ReportAggregates; timeZone: string }) {
  const headingId = useId();
  return (
    <Section aria-labelledby={headingId}>
      <h2 id={headingId}>Charts</h2>
      <Grid>
        <CountChart title="People by state" what="State" bars={stateBars(aggregates.state)} layout="rows" empty="Nobody has been sent this message yet." />
        <CountChart title="People by reply" what="Reply" bars={replyBars(aggregates.reply)} layout="rows" empty="Nobody has been sent this message yet." />
        <CountChart
          title="Replies over time"
          what={`Minute (${timeZone})`}
          bars={replyTimeBars(aggregates.reply_time, timeZone)}
          layout="columns"
          empty="Nobody has replied yet."
        />
      </Grid>
    </Section>
  );
}

interface CountChartProps {
  title: string;
  /** The header of the first column of the table read to screen readers. */
  what: string;
  bars: readonly Bar[];
  /** One row per bar (long labels), or columns along a time axis. */
  layout: 'rows' | 'columns';
  empty: string;
}

/** A bar chart, hidden from screen readers, which read the same counts from a table instead. */
function CountChart({ title, what, bars, layout, empty }: CountChartProps) {
  const id = useId();
  const theme = useTheme();
  const { ref, width } = useElementWidth<HTMLDivElement>(FALLBACK_WIDTH);
  const rows = layout === 'rows';
  const tick = { fill: theme.colors.text, fontSize: 12 };
  return (
    <Figure aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`}>{title}</figcaption>
      {bars.length === 0 ? (
        <Empty>{empty}</Empty>
      ) : (
        <>
          <div ref={ref} aria-hidden="true">
            <BarChart
              width={width}
              height={rows ? bars.length * BAR_ROW_PX + 40 : 240}
              data={[...bars]}
              layout={rows ? 'vertical' : 'horizontal'}
              margin={{ top: 8, right: 16, bottom: 8, left: 8 }}
              accessibilityLayer={false}
            >
              <CartesianGrid stroke={theme.colors.border} horizontal={!rows} vertical={rows} />
              {rows ? (
                <>
                  <XAxis type="number" allowDecimals={false} tick={tick} stroke={theme.colors.textMuted} />
                  <YAxis type="category" dataKey="tick" width={150} tick={tick} stroke={theme.colors.textMuted} />
                </>
              ) : (
                <>
                  <XAxis type="category" dataKey="tick" tick={tick} stroke={theme.colors.textMuted} />
                  <YAxis type="number" allowDecimals={false} tick={tick} stroke={theme.colors.textMuted} width={40} />
                </>
              )}
              <Tooltip cursor={{ fill: theme.colors.background }} labelFormatter={(_, payload) => (payload?.[0]?.payload as Bar | undefined)?.label ?? ''} />
              <Bars dataKey="count" name="People" isAnimationActive={false}>
                {bars.map((bar) => (
                  <Cell key={bar.label} fill={bar.color} />
                ))}
              </Bars>
            </BarChart>
          </div>
          <VisuallyHidden as="div">
            <table>
              <caption>{title}</caption>
              <thead>
                <tr>
                  <th scope="col">{what}</th>
                  <th scope="col">People</th>
                </tr>
              </thead>
              <tbody>
                {bars.map((bar) => (
                  <tr key={bar.label}>
                    <th scope="row">{bar.label}</th>
                    <td>{bar.count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </VisuallyHidden>
        </>
      )}
    </Figure>
  );
}

const Section = styled.section`
  display: grid;
  gap: 12px;

  h2 {
    margin: 0;
    font-size: 1.125rem;
  }
`;

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(300px, 1fr));
  gap: 16px;
`;

const Figure = styled.figure`
  display: grid;
  gap: 8px;
  align-content: start;
  min-width: 0;
  margin: 0;
  padding: 16px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radiusPx}px;

  figcaption {
    font-weight: 600;
  }
`;

const Empty = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

import { Badge, Card, Stack, Text, Title } from '@mantine/core';
import { IconRuler2 } from '@tabler/icons-react';
import { useMemo } from 'react';
import { timeWithUnit } from '#app/bids/bid-display.ts';
import { formatUnitPrice, quantityWithUnit } from '#app/bids/line-item-display.ts';
import { formatDate } from '#shared/date-display.ts';
import { formatUsd } from '#shared/formatters.ts';
import type { RequestDetail } from '#shared/request-responses.ts';
import classes from './bid-comparison.module.css';
import {
  bidComparison,
  type ComparableBid,
  type ComparedLineItem,
  type ComparisonColumn,
  type ComparisonRow,
  normalizedDescription,
} from './bid-comparison-rows.ts';

/** Which offer won, when one did: the column is marked. */
export interface AwardedOffer {
  bidId: number;
  option: number | null;
}

/** The awarded bid and option of a request detail, or null before an award. */
export function awardedOffer(request: RequestDetail): AwardedOffer | null {
  const bid = request.awarded_bid;
  return bid ? { bidId: bid.id, option: bid.awarded_option?.position ?? null } : null;
}

/**
 * "Compare bids" on the manager's request detail: every priced offer in a column, the
 * line items matched across them in rows (bid-comparison-rows.ts), a row whose quantities differ
 * marked "Measured differently" in words as well as colour, then each offer's amount and time, and
 * (for the request's managers, whose answer carries them) its start date and notes. Shown only when there are two offers or more and at least one is priced from line items.
 */
export function BidComparison({
  bids,
  awarded,
}: {
  bids: readonly ComparableBid[];
  awarded: AwardedOffer | null;
}) {
  const comparison = useMemo(() => bidComparison(bids), [bids]);
  if (!comparison) return null;
  const { columns, rows } = comparison;
  const differing = rows.filter((row) => row.measuredDifferently).length;
  const isAwarded = (column: ComparisonColumn) =>
    awarded !== null && column.bidId === awarded.bidId && column.option === awarded.option;

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="compare-bids-title">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="compare-bids-title">
          Compare bids
        </Title>
        <Text size="sm" c="dimmed">
          {differing === 0
            ? 'Line items matched across the bids; every matched item was measured the same.'
            : `Line items matched across the bids; ${differing} ${differing === 1 ? 'item was' : 'items were'} measured differently.`}
        </Text>
        {/* Focusable so a keyboard can scroll it; a finger swipes it. */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard */}
        <section className={classes.scroller} tabIndex={0} aria-label="Bids side by side">
          <table className={classes.table}>
            <thead>
              <tr>
                <th scope="col" className={classes.sticky}>
                  Line item
                </th>
                {columns.map((column) => (
                  <th scope="col" key={column.key}>
                    {column.heading}
                    {isAwarded(column) ? (
                      <Badge color="green" variant="light" size="sm" ml={6}>
                        Awarded
                      </Badge>
                    ) : null}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <ComparisonRowView key={row.key} row={row} columns={columns} />
              ))}
              <tr className={classes.totals}>
                <th scope="row" className={classes.sticky}>
                  Amount and time
                </th>
                {columns.map((column) => (
                  <td key={column.key}>
                    <div>{formatUsd(column.amount)}</div>
                    <Text size="sm" fw={400} c="dimmed">
                      {timeWithUnit(column.estimated_time, column.estimated_time_unit)}
                    </Text>
                  </td>
                ))}
              </tr>
              <TermsRows columns={columns} />
            </tbody>
          </table>
        </section>
      </Stack>
    </Card>
  );
}

/** Start date and notes of each offer: an option's own notes first, then its bid's. */
function TermsRows({ columns }: { columns: readonly ComparisonColumn[] }) {
  if (columns.every((column) => column.proposed_start_date === null)) return null;
  return (
    <>
      <tr>
        <th scope="row" className={classes.sticky}>
          Start date
        </th>
        {columns.map((column) => (
          <td key={column.key}>
            {column.proposed_start_date ? formatDate(column.proposed_start_date) : 'Not specified'}
          </td>
        ))}
      </tr>
      <tr>
        <th scope="row" className={classes.sticky}>
          Notes
        </th>
        {columns.map((column) => (
          <td key={column.key}>
            {column.notes.length === 0 ? (
              <Text size="sm" c="dimmed">
                No notes
              </Text>
            ) : (
              column.notes.map((note) => (
                <Text
                  key={note}
                  size="sm"
                  mb={4}
                  style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                >
                  {note}
                </Text>
              ))
            )}
          </td>
        ))}
      </tr>
    </>
  );
}

function ComparisonRowView({ row, columns }: { row: ComparisonRow; columns: readonly ComparisonColumn[] }) {
  return (
    <tr
      className={row.measuredDifferently ? classes.different : undefined}
      data-measured-differently={row.measuredDifferently || undefined}
    >
      <th scope="row" className={classes.sticky}>
        <Text size="sm" fw={600} inherit>
          {row.description}
        </Text>
        {row.measuredDifferently ? (
          <Text
            size="xs"
            fw={700}
            c="yellow.9"
            mt={4}
            style={{ display: 'flex', gap: 4, alignItems: 'center' }}
          >
            <IconRuler2 size={14} aria-hidden style={{ flexShrink: 0 }} />
            Measured differently
          </Text>
        ) : null}
      </th>
      {row.cells.map((cell, index) => (
        <td key={columns[index]?.key ?? index}>
          {cell ? (
            <CellView cell={cell} row={row} />
          ) : (
            <Text size="sm" c="dimmed">
              Not listed
            </Text>
          )}
        </td>
      ))}
    </tr>
  );
}

function CellView({ cell, row }: { cell: ComparedLineItem; row: ComparisonRow }) {
  // Matched by unit, a cell may name the item otherwise: say what this vendor called it.
  const ownName = normalizedDescription(cell.description) !== normalizedDescription(row.description);
  return (
    <Stack gap={0}>
      {ownName ? (
        <Text size="xs" c="dimmed" fs="italic" style={{ overflowWrap: 'anywhere' }}>
          “{cell.description}”
        </Text>
      ) : null}
      <Text size="sm" fw={row.measuredDifferently ? 700 : 500}>
        {quantityWithUnit(cell.quantity, cell.unit)}
      </Text>
      <Text size="sm" c="dimmed">
        × {formatUnitPrice(cell.unit_price)}
      </Text>
      <Text size="sm" fw={600}>
        = {formatUsd(cell.total)}
      </Text>
    </Stack>
  );
}

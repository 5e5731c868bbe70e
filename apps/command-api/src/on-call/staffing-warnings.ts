import { Inject, Injectable } from '@nestjs/common';
import { ON_CALL_PROJECTIONS, READ_MODEL_PROJECTIONS, READ_MODELS } from '@beacon/contracts';
import {
  DAY_MS,
  DEFAULT_TIMEZONE,
  fieldIdOfOption,
  hasRootPermission,
  isIanaTimeZone,
  MINIMUM_STAFFING_PERMISSION,
  ON_CALL_PERIOD_MAX_DAYS,
  ownValue,
  staffingShortfalls,
  staffingWarning,
  type RosterPeriod,
  type StaffedPeriod,
  type TimeSpan,
} from '@beacon/domain';
import { READ_STORE, type Principal } from '@beacon/platform';
import type { Document, ReadStore, ReadStoreScope } from '@beacon/read-store';
import { CustomerGroupAccess } from '../shared/customer-group-access';
import { ReadModelsCaughtUp } from '../shared/read-models-caught-up';

/** One user's roster after a change: the time the change touched, and every period the user now has. */
export interface RosterChange {
  readonly userId: string;
  readonly customerGroupId: string;
  readonly touched: readonly TimeSpan[];
  readonly periods: Iterable<RosterPeriod>;
}

interface GroupView extends Document {
  path: string[];
  settings?: Record<string, unknown>;
}

interface SettingsView extends Document {
  options_staffing?: { option: string; value: number }[];
}

interface PeriodView extends Document {
  user: string;
  start: number;
  end: number;
}

interface FieldView extends Document {
  options?: { id: string; label: string }[];
}

/** The projections the warnings read: groups, users' options, fields' labels, settings and periods. */
const READ = [...Object.values(READ_MODEL_PROJECTIONS), ...Object.values(ON_CALL_PROJECTIONS)];
/** The longest the warnings wait for the read models to take in the change (they are advice: then they read what there is). */
const MAX_WAIT_MS = 2_000;
const LONGEST_PERIOD_MS = ON_CALL_PERIOD_MAX_DAYS * DAY_MS;

const ASSIGNABLE = { is_active: { $ne: false }, is_message_recipient: { $ne: false } };

/**
 * Minimum staffing warnings after a change to users' rosters (spec part 2 §6 "Minimum staffing
 * requirements", on when the root group holds it). Every group on the path of a changed user's group,
 * from the caller's own group down (what the caller reaches), may ask for minima (its settings' options_staffing), and a group's minimum counts the users of the
 * group and of its descendants who hold the option (through their contact-field values) and can be on
 * call (active, message recipients). For each minimum and each stretch of time the change touched, the
 * stretches with fewer on call than needed, in the short group's time zone. The changed users' periods
 * are the ones just decided; everyone else's come from the read models, read once they have caught up
 * with the change (at most two seconds: warnings are advice and never stop a change).
 */
@Injectable()
export class StaffingWarnings {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CustomerGroupAccess) private readonly access: CustomerGroupAccess,
    @Inject(ReadModelsCaughtUp) private readonly readModels: ReadModelsCaughtUp,
  ) {}

  async after(caller: Principal, position: number, changes: readonly RosterChange[]): Promise<string[]> {
    const touched = changes.filter((change) => change.touched.length);
    if (!touched.length) return [];
    const root = await this.access.state(caller.rootId);
    if (root.status !== 'active' || !hasRootPermission(root, MINIMUM_STAFFING_PERMISSION)) return [];
    const scope = this.readStore.scope(caller.rootId);
    const changedGroups = await scope.collection<GroupView>(READ_MODELS.customerGroups).find({ _id: { $in: [...new Set(touched.map((change) => change.customerGroupId))] } });
    // Minima of the groups in the caller's reach only: an ancestor's would count, and tell of, users beyond it.
    const pathIds = [
      ...new Set(
        changedGroups.flatMap((group) => {
          const from = group.path.indexOf(caller.customerGroupId);
          return from === -1 ? [] : group.path.slice(from);
        }),
      ),
    ];
    const minimaOf = (entry: SettingsView) => (entry.options_staffing ?? []).filter((minimum) => minimum.value > 0);
    const withMinima = async () => (await scope.collection<SettingsView>(READ_MODELS.onCallSettings).find({ _id: { $in: pathIds } })).filter((entry) => minimaOf(entry).length);
    // Groups without minima need no wait for the read models.
    if (!(await withMinima()).length) return [];
    await this.caughtUp(position);
    const warnings: string[] = [];
    for (const entry of await withMinima()) {
      const minima = minimaOf(entry);
      const changesBelow = touched.filter((change) => changedGroups.some((group) => group._id === change.customerGroupId && group.path.includes(entry._id)));
      warnings.push(...(await this.groupWarnings(scope, entry._id, minima, changesBelow)));
    }
    return [...new Set(warnings)];
  }

  private async groupWarnings(scope: ReadStoreScope, groupId: string, minima: readonly { option: string; value: number }[], changes: readonly RosterChange[]): Promise<string[]> {
    const groups = scope.collection<GroupView>(READ_MODELS.customerGroups);
    const [group, subtree, labels] = await Promise.all([
      groups.findOne({ _id: groupId }),
      groups.find({ path: groupId }, { projection: { _id: 1 } }),
      this.optionLabels(scope, minima.map((minimum) => minimum.option)),
    ]);
    const zoneSetting = group?.settings ? ownValue(group.settings, 'preferred_timezone') : undefined;
    const zone = typeof zoneSetting === 'string' && isIanaTimeZone(zoneSetting) ? zoneSetting : DEFAULT_TIMEZONE;
    const spans = changes.flatMap((change) => change.touched);
    const decided = new Map(changes.map((change) => [change.userId, [...change.periods]]));
    const warnings: string[] = [];
    for (const minimum of minima) {
      const label = labels.get(minimum.option);
      if (label === undefined) continue;
      const holders = await scope
        .collection(READ_MODELS.users)
        .find({ customer_group: { $in: subtree.map((entry) => entry._id) }, option_ids: minimum.option, ...ASSIGNABLE }, { projection: { _id: 1 } });
      const holderIds = holders.map((holder) => holder._id);
      for (const span of spans) {
        const periods = await this.periodsOf(scope, holderIds, span, decided);
        const shortfalls = staffingShortfalls({ optionId: minimum.option, label, minimum: minimum.value }, periods, span);
        warnings.push(...shortfalls.map((shortfall) => staffingWarning(shortfall, zone)));
      }
    }
    return warnings;
  }

  /** The holders' periods overlapping the span: the changed users' as just decided, the others' as the read model has them. */
  private async periodsOf(scope: ReadStoreScope, holderIds: readonly string[], span: TimeSpan, decided: ReadonlyMap<string, RosterPeriod[]>): Promise<StaffedPeriod[]> {
    const others = holderIds.filter((id) => !decided.has(id));
    const read = others.length
      ? await scope
          .collection<PeriodView>(READ_MODELS.onCallPeriods)
          .find({ user: { $in: others }, start: { $gt: span.start - LONGEST_PERIOD_MS, $lt: span.end }, end: { $gt: span.start } })
      : [];
    const own = holderIds.flatMap((id) => decided.get(id) ?? []);
    return [...read.map((period) => ({ periodId: period._id, start: period.start, end: period.end })), ...own];
  }

  /** The label of each option that still exists, from the contact fields read model. */
  private async optionLabels(scope: ReadStoreScope, optionIds: readonly string[]): Promise<Map<string, string>> {
    const fieldIds = [...new Set(optionIds.map(fieldIdOfOption).filter((id): id is string => id !== null))];
    const fields = fieldIds.length ? await scope.collection<FieldView>(READ_MODELS.contactFields).find({ _id: { $in: fieldIds } }) : [];
    const wanted = new Set(optionIds);
    return new Map(fields.flatMap((field) => (field.options ?? []).filter((option) => wanted.has(option.id)).map((option) => [option.id, option.label] as const)));
  }

  /** Advice: past the wait they read what there is. */
  private caughtUp(position: number): Promise<void> {
    return this.readModels.with(READ, '', { position, maxWaitMs: MAX_WAIT_MS, orGoOn: true });
  }

}

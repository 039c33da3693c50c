import {
  promoDiscount,
  type TDiscountRule,
  type TPaginationQuery,
  type TPromo,
  type TPromoCode,
  type TPromoCodeForm,
  type TUpdatePromoCode,
} from '@agency/contract';
import type { Actor } from '../../core/actor';
import { AppError } from '../../core/errors';
import { toMoney, toNumeric } from '../../core/money';
import { likePattern, pageWindow, type Page } from '../../core/paging';
import type { AppDeps } from '../../deps';
import * as q from './orders.queries';
import { transact } from '../../events/outbox';
import { changedFields, recordAudit } from '../audit';

/** What a buyer reads when a code cannot be used (the cart shows it under the field). */
export const PROMO_TEXTS = {
  unknown: 'This promo code does not exist.',
  inactive: 'This promo code is no longer active.',
  expired: 'This promo code has expired.',
  usedUp: 'This promo code has reached its usage limit.',
  firstOrderOnly: 'This promo code is for your first order only.',
} as const;

export function discountRule(row: q.PromoCodeRow): TDiscountRule {
  return row.amountOff !== null ? { amountOff: toMoney(row.amountOff) } : { percentOff: row.percentOff ?? 0 };
}

/**
 * The code if it can be used now by this client (null: a visitor, checked again at checkout); else an AppError
 * with the reason. `lock` holds the row for the rest of the transaction (the order redeems it).
 */
export async function usablePromo(deps: AppDeps, code: string, clientId: number | null, lock = false): Promise<q.PromoCodeRow> {
  const row = await q.findPromoByCode(deps.db, code, lock);
  if (!row) throw new AppError('not_found', PROMO_TEXTS.unknown, { code: [PROMO_TEXTS.unknown] });
  const refuse = (text: string) => new AppError('bad_request', text, { code: [text] });
  if (!row.active) throw refuse(PROMO_TEXTS.inactive);
  if (row.expiresAt && row.expiresAt <= deps.now()) throw refuse(PROMO_TEXTS.expired);
  if (row.maxRedemptions !== null && row.redemptions >= row.maxRedemptions) throw refuse(PROMO_TEXTS.usedUp);
  if (row.firstOrderOnly && clientId !== null && (await q.hasPaidOrder(deps.db, clientId))) throw refuse(PROMO_TEXTS.firstOrderOnly);
  return row;
}

/** The cart's Apply: the code's rule and its real discount on this subtotal. */
export async function validatePromo(deps: AppDeps, actor: Actor, input: { code: string; subtotal: number }): Promise<TPromo> {
  const clientId = actor.kind === 'user' && actor.role === 'client' ? actor.clientId : null;
  const row = await usablePromo(deps, input.code, clientId);
  const rule = discountRule(row);
  return {
    code: row.code,
    percent_off: 'percentOff' in rule ? rule.percentOff : null,
    amount_off: 'amountOff' in rule ? rule.amountOff : null,
    discount: promoDiscount(input.subtotal, rule),
    valid: true,
  };
}

function toPromoCodeDto(row: q.PromoCodeRow): TPromoCode {
  return {
    id: row.id,
    code: row.code,
    percent_off: row.percentOff,
    amount_off: row.amountOff === null ? null : toMoney(row.amountOff),
    first_order_only: row.firstOrderOnly,
    active: row.active,
    expires_at: row.expiresAt?.toISOString() ?? null,
    max_redemptions: row.maxRedemptions,
    redemptions: row.redemptions,
    created_at: row.createdAt.toISOString(),
  };
}

export async function listPromoCodes(
  deps: AppDeps,
  _actor: Actor,
  query: TPaginationQuery & { search?: string | undefined; ordering: string },
): Promise<Page<TPromoCode>> {
  const { limit, offset } = pageWindow(query);
  const { count, rows } = await q.listPromoCodes(deps.db, {
    pattern: query.search ? likePattern(query.search) : undefined,
    ordering: query.ordering,
    limit,
    offset,
  });
  return { count, results: rows.map(toPromoCodeDto) };
}

/** A new code; a code that exists is a 409 naming the field (unique index). */
export async function createPromoCode(deps: AppDeps, actor: Actor, input: TPromoCodeForm & { code: string }): Promise<TPromoCode> {
  const existing = await q.findPromoByCode(deps.db, input.code);
  if (existing) throw new AppError('conflict', `The code ${existing.code} already exists.`, { code: ['already exists'] });
  const row = await transact(deps, async (tx) => {
    const created = await q.insertPromoCode(tx.db, {
      code: input.code,
      percentOff: input.percent_off ?? null,
      amountOff: input.amount_off == null ? null : toNumeric(input.amount_off),
      firstOrderOnly: input.first_order_only ?? false,
      active: input.active ?? true,
      expiresAt: input.expires_at ? new Date(input.expires_at) : null,
      maxRedemptions: input.max_redemptions ?? null,
      createdAt: deps.now(),
    });
    const dto = toPromoCodeDto(created);
    await recordAudit(tx, actor, {
      action: 'catalogue.promo_code_created',
      object: { type: 'catalogue', id: `promo:${created.id}`, label: created.code },
      changes: { percent_off: dto.percent_off, amount_off: dto.amount_off, first_order_only: dto.first_order_only, active: dto.active, expires_at: dto.expires_at, max_redemptions: dto.max_redemptions },
    });
    return created;
  });
  return toPromoCodeDto(row);
}

export async function updatePromoCode(deps: AppDeps, actor: Actor, id: number, input: TUpdatePromoCode): Promise<TPromoCode> {
  const current = await q.findPromoById(deps.db, id);
  if (!current) throw new AppError('not_found', 'Promo code not found.');
  if (input.max_redemptions != null && Number(input.max_redemptions) < current.redemptions) {
    const text = `The code has been used ${current.redemptions} times already; the limit cannot be lower.`;
    throw new AppError('bad_request', text, { max_redemptions: [text] });
  }
  const values: Parameters<typeof q.updatePromoCode>[2] = {};
  if (input.active !== undefined) values.active = input.active;
  if (input.expires_at !== undefined) values.expiresAt = input.expires_at ? new Date(input.expires_at) : null;
  if (input.max_redemptions !== undefined) values.maxRedemptions = input.max_redemptions == null ? null : Number(input.max_redemptions);
  const row = await transact(deps, async (tx) => {
    const updated = await q.updatePromoCode(tx.db, id, values);
    if (!updated) throw new AppError('not_found', 'Promo code not found.');
    await recordAudit(tx, actor, {
      action: 'catalogue.promo_code_updated',
      object: { type: 'catalogue', id: `promo:${id}`, label: updated.code },
      changes: changedFields(toPromoCodeDto(current), toPromoCodeDto(updated), ['active', 'expires_at', 'max_redemptions']),
    });
    return updated;
  });
  return toPromoCodeDto(row);
}

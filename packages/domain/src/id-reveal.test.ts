import { describe, expect, it } from 'vitest';
import { ID_REVEAL_NOTE_MAX, idRevealReasonText, idRevealRefusal, isIdRevealReason, mayRevealIdOf, type IdRevealer } from './id-reveal.ts';
import { roleCan } from './staff.ts';

const clerk = (revealsToday = 0): IdRevealer => ({ staffId: 7, mayRevealAny: roleCan('clerk', 'orders.reveal_any_id'), revealsToday, dailyLimit: 30 });
const admin = (revealsToday = 0): IdRevealer => ({ staffId: 1, mayRevealAny: roleCan('admin', 'orders.reveal_any_id'), revealsToday, dailyLimit: 30 });

describe('who may see an order’s full ID number', () => {
  it('lets a clerk see it on the orders they handle only', () => {
    expect(idRevealRefusal({ admin_id: 7 }, clerk())).toBeUndefined();
    expect(idRevealRefusal({ admin_id: 8 }, clerk())).toBe('NOT_THEIR_ORDER');
    expect(idRevealRefusal({ admin_id: null }, clerk())).toBe('NOT_THEIR_ORDER');
    // What the console shows the button by.
    expect(mayRevealIdOf({ admin_id: 7 }, clerk())).toBe(true);
    expect(mayRevealIdOf({ admin_id: 8 }, clerk())).toBe(false);
    expect(mayRevealIdOf({ admin_id: null }, clerk())).toBe(false);
    expect(mayRevealIdOf({ admin_id: null }, admin())).toBe(true);
  });

  it('stops a clerk at the daily number, counting the reveals already made today', () => {
    expect(idRevealRefusal({ admin_id: 7 }, clerk(29))).toBeUndefined();
    expect(idRevealRefusal({ admin_id: 7 }, clerk(30))).toBe('DAILY_LIMIT');
    expect(idRevealRefusal({ admin_id: 7 }, { ...clerk(0), dailyLimit: 0 })).toBe('DAILY_LIMIT');
    // Not theirs is said first: the number is not what stands in the way.
    expect(idRevealRefusal({ admin_id: 8 }, clerk(30))).toBe('NOT_THEIR_ORDER');
  });

  it('lets an admin see any order’s, taken or not, without the daily number', () => {
    expect(roleCan('admin', 'orders.reveal_any_id')).toBe(true);
    expect(roleCan('clerk', 'orders.reveal_any_id')).toBe(false);
    for (const admin_id of [1, 8, null]) expect(idRevealRefusal({ admin_id }, admin(500))).toBeUndefined();
  });
});

describe('the reason of a reveal', () => {
  it('takes one of the listed reasons, with words of its own required for 其他', () => {
    expect(isIdRevealReason('联系客户核实身份')).toBe(true);
    expect(isIdRevealReason('好奇')).toBe(false);
    expect(idRevealReasonText('办理需要', '')).toEqual({ text: '办理需要' });
    expect(idRevealReasonText('联系客户核实身份', '  客户来电  ')).toEqual({ text: '联系客户核实身份：客户来电' });
    expect(idRevealReasonText('其他', '   ')).toBe('NOTE_REQUIRED');
    expect(idRevealReasonText('其他', '工商局要求核对')).toEqual({ text: '其他：工商局要求核对' });
  });

  it('keeps at most the note’s length', () => {
    const long = idRevealReasonText('其他', '字'.repeat(ID_REVEAL_NOTE_MAX + 50));
    expect(long).toEqual({ text: `其他：${'字'.repeat(ID_REVEAL_NOTE_MAX)}` });
  });
});

import { describe, expect, it } from 'vitest';
import { completionChecks, completionRefusal, screenshotRequiredFor } from './order-completion.ts';

const done = {
  goods_type: 'credit_repair',
  entity_name: '宝信商贸有限公司',
  entity_extra: null,
  first_call_time: '2026-01-05T02:00:00.000Z',
  screenshots: 1,
};

describe('screenshotRequiredFor', () => {
  it('is compulsory for a cancellation unless an admin turned it off, and optional elsewhere unless turned on', () => {
    expect(screenshotRequiredFor('license_destory', {})).toBe(true);
    expect(screenshotRequiredFor('license_destory', { license_destory: false })).toBe(false);
    expect(screenshotRequiredFor('credit_repair', {})).toBe(false);
    expect(screenshotRequiredFor('credit_repair', { credit_repair: true })).toBe(true);
    expect(screenshotRequiredFor('license_year', {})).toBe(false);
    expect(screenshotRequiredFor('unknown', {})).toBe(false);
  });
});

describe('completionChecks', () => {
  it('has nothing to say of an order with a screenshot and a call, or of any other move', () => {
    expect(completionChecks(done, '2', { screenshotRequired: true })).toEqual([]);
    expect(completionChecks({ ...done, screenshots: 0, first_call_time: null }, '4', { screenshotRequired: true })).toEqual([]);
  });
  it('names a missing screenshot as compulsory or as a warning, by the setting', () => {
    expect(completionChecks({ ...done, screenshots: 0 }, '2', { screenshotRequired: true })).toEqual(['SCREENSHOT_REQUIRED']);
    expect(completionChecks({ ...done, screenshots: 0 }, '2', { screenshotRequired: false })).toEqual(['NO_SCREENSHOT']);
  });
  it('names a missing call and the missing annual figures', () => {
    expect(completionChecks({ ...done, first_call_time: null }, '2', { screenshotRequired: false })).toEqual(['NO_CALL']);
    expect(completionChecks({ ...done, goods_type: 'license_year' }, '2', { screenshotRequired: false })).toEqual(['DECLARATION_MISSING']);
  });
});

describe('completionRefusal', () => {
  const single = { bulk: false, confirmedWithoutDeclaration: false };
  const bulk = { bulk: true, confirmedWithoutDeclaration: false };
  it('refuses a compulsory screenshot in both, whatever else was confirmed', () => {
    expect(completionRefusal(['SCREENSHOT_REQUIRED', 'NO_CALL'], single)).toBe('SCREENSHOT_REQUIRED');
    expect(completionRefusal(['SCREENSHOT_REQUIRED'], { bulk: false, confirmedWithoutDeclaration: true })).toBe('SCREENSHOT_REQUIRED');
    expect(completionRefusal(['SCREENSHOT_REQUIRED'], bulk)).toBe('SCREENSHOT_REQUIRED');
  });
  it('lets a single move through its warnings (the dialog showed them), and the figures once confirmed', () => {
    expect(completionRefusal(['NO_SCREENSHOT', 'NO_CALL'], single)).toBeUndefined();
    expect(completionRefusal(['DECLARATION_MISSING'], single)).toBe('DECLARATION_MISSING');
    expect(completionRefusal(['DECLARATION_MISSING'], { bulk: false, confirmedWithoutDeclaration: true })).toBeUndefined();
  });
  it('refuses in a bulk move every warning nobody saw', () => {
    expect(completionRefusal(['NO_SCREENSHOT'], bulk)).toBe('NO_SCREENSHOT');
    expect(completionRefusal(['NO_CALL'], bulk)).toBe('NO_CALL');
    expect(completionRefusal(['DECLARATION_MISSING'], { bulk: true, confirmedWithoutDeclaration: true })).toBe('DECLARATION_MISSING');
    expect(completionRefusal([], bulk)).toBeUndefined();
  });
});

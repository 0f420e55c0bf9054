/** Staff management lives in the staff module; the console wires it from here. */
export * from '../staff/staff.service.ts';

/** Staff sign-in lives in the staff module; the console's routes import it from here. */
export * from '../staff/staff-auth.service.ts';

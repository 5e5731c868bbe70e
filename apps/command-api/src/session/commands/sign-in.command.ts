import { Command } from '@nestjs/cqrs';

export type SignInResult =
  | { readonly kind: 'signed_in'; readonly key: string; readonly position: number }
  | { readonly kind: 'second_factor'; readonly ephemeralToken: string; readonly position: number };

/** Sent on the CommandBus; SignInHandler carries it out (its comment has the rules). */
export class SignInCommand extends Command<SignInResult> {
  constructor(
    readonly email: string,
    readonly password: string,
    readonly clientAddress: string,
    readonly now: Date,
  ) {
    super();
  }
}

import { Body, Delete, HttpCode, Inject, Param, Post, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  BODY_ID_MISMATCH,
  ChangeContactFieldOptionRequestSchema,
  ChangeContactFieldRequestSchema,
  CreateContactFieldOptionRequestSchema,
  CreateContactFieldRequestSchema,
  ExcludedOptionsByGroupRequestSchema,
  ROUTES,
  type ContactFieldDto,
  type ContactFieldOptionDto,
} from '@beacon/contracts';
import { EXCLUSIONS_DETAIL, FIELD_DETAIL, OPTION_DETAIL, OPTION_FIELD_FIXED, fieldIdOfOption, notFound, validationError } from '@beacon/domain';
import { CommandController, CommandId, CurrentPrincipal, type Principal, ZodBodyPipe } from '@beacon/platform';
import type { z } from 'zod';
import { exposePosition } from '../shared/event-position';
import { ChangeContactFieldCommand, type ChangedFieldOutcome, type ExistingFieldCommand } from './commands/change-contact-field.command';
import { CreateContactFieldCommand } from './commands/create-contact-field.command';
import { contactFieldDto, contactFieldOptionDto } from './contact-field-dto';

type Response = Parameters<typeof exposePosition>[0];

/** The field an option id names; an id of another shape names no option (404). */
function fieldOfOption(optionId: string): string {
  const fieldId = fieldIdOfOption(optionId);
  if (fieldId === null) throw notFound();
  return fieldId;
}

/** Contact fields and their options (spec part 2 §7 "Fields and options"): admins only. */
@CommandController()
export class FieldController {
  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {}

  @Post(ROUTES.createContactField.path)
  @HttpCode(201)
  async create(
    @CurrentPrincipal() principal: Principal,
    @Body(new ZodBodyPipe(CreateContactFieldRequestSchema, { detail: FIELD_DETAIL })) input: z.output<typeof CreateContactFieldRequestSchema>,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ContactFieldDto> {
    const outcome = await this.commandBus.execute(new CreateContactFieldCommand(principal, input, commandId));
    exposePosition(response, outcome.position);
    return contactFieldDto(outcome.field);
  }

  @Put(ROUTES.changeContactField.path)
  async change(
    @CurrentPrincipal() principal: Principal,
    @Param('id') fieldId: string,
    @Body(new ZodBodyPipe(ChangeContactFieldRequestSchema, { detail: FIELD_DETAIL })) input: z.output<typeof ChangeContactFieldRequestSchema>,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ContactFieldDto> {
    if (input.id !== undefined && input.id !== fieldId) throw validationError('The id does not match the URL.', { id: [BODY_ID_MISMATCH] });
    const { label, field_type, customer_group } = input;
    const outcome = await this.run(principal, { type: 'ChangeContactField', data: { fieldId, label, field_type, customer_group } }, commandId, response);
    return contactFieldDto(this.stillThere(outcome));
  }

  /** 400 while messages use the field. */
  @Delete(ROUTES.deleteContactField.path)
  @HttpCode(204)
  async delete(
    @CurrentPrincipal() principal: Principal,
    @Param('id') fieldId: string,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<void> {
    await this.run(principal, { type: 'DeleteContactField', data: { fieldId } }, commandId, response);
  }

  @Put(ROUTES.changeExcludedOptionsByGroup.path)
  async changeExcludedOptions(
    @CurrentPrincipal() principal: Principal,
    @Param('id') fieldId: string,
    @Body(new ZodBodyPipe(ExcludedOptionsByGroupRequestSchema, { detail: EXCLUSIONS_DETAIL })) input: z.output<typeof ExcludedOptionsByGroupRequestSchema>,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ContactFieldDto> {
    const command: ExistingFieldCommand = { type: 'ChangeExcludedOptionsByGroup', data: { fieldId, excludedOptionsByGroup: input.excluded_options_by_group } };
    return contactFieldDto(this.stillThere(await this.run(principal, command, commandId, response)));
  }

  /** A field in the caller's reach, else 404 (like the group of a new field). */
  @Post(ROUTES.createContactFieldOption.path)
  @HttpCode(201)
  async createOption(
    @CurrentPrincipal() principal: Principal,
    @Body(new ZodBodyPipe(CreateContactFieldOptionRequestSchema, { detail: OPTION_DETAIL })) input: z.output<typeof CreateContactFieldOptionRequestSchema>,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ContactFieldOptionDto> {
    const outcome = await this.run(principal, { type: 'AddContactFieldOption', data: { fieldId: input.field, label: input.label } }, commandId, response);
    const added = outcome.events.find((event) => event.type === 'ContactFieldOptionAdded');
    if (added?.type !== 'ContactFieldOptionAdded') throw notFound();
    return contactFieldOptionDto(input.field, added.data.option);
  }

  @Put(ROUTES.changeContactFieldOption.path)
  async changeOption(
    @CurrentPrincipal() principal: Principal,
    @Param('id') optionId: string,
    @Body(new ZodBodyPipe(ChangeContactFieldOptionRequestSchema, { detail: OPTION_DETAIL })) input: z.output<typeof ChangeContactFieldOptionRequestSchema>,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ContactFieldOptionDto> {
    const fieldId = fieldOfOption(optionId);
    if (input.field !== undefined && input.field !== fieldId) throw validationError(OPTION_DETAIL, { field: [OPTION_FIELD_FIXED] });
    const outcome = await this.run(principal, { type: 'ChangeContactFieldOption', data: { fieldId, optionId, label: input.label } }, commandId, response);
    const option = this.stillThere(outcome).options.find((entry) => entry.optionId === optionId);
    if (!option) throw notFound();
    return contactFieldOptionDto(fieldId, option);
  }

  /** The group of the URL must be the field's own (else 404); 400 while messages use the option. */
  @Delete(ROUTES.deleteContactFieldOption.path)
  @HttpCode(204)
  async deleteOption(
    @CurrentPrincipal() principal: Principal,
    @Param('id') customerGroupId: string,
    @Param('optionId') optionId: string,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<void> {
    const command: ExistingFieldCommand = { type: 'DeleteContactFieldOption', data: { fieldId: fieldOfOption(optionId), optionId } };
    await this.run(principal, command, commandId, response, customerGroupId);
  }

  private async run(
    principal: Principal,
    command: ExistingFieldCommand,
    commandId: string | undefined,
    response: Response,
    customerGroupId?: string,
  ): Promise<ChangedFieldOutcome> {
    const outcome = await this.commandBus.execute(new ChangeContactFieldCommand(principal, command, commandId, customerGroupId));
    exposePosition(response, outcome.position);
    return outcome;
  }

  private stillThere(outcome: ChangedFieldOutcome) {
    if (!outcome.field) throw notFound();
    return outcome.field;
  }
}

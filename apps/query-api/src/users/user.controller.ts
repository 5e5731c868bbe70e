import { Body, Get, HttpCode, Inject, Param, Post, Query, Res, StreamableFile } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ExportUsersRequestSchema, ROUTES, UserListExportQuerySchema, UserListQuerySchema, UserQuerySchema, UserSelfQuerySchema, type UserDto, type UserSelfDto, type UserListPageDto } from '@beacon/contracts';
import { CurrentPrincipal, type Principal, ZodBodyPipe, ZodQueryPipe } from '@beacon/platform';
import type { Response } from 'express';
import type { z } from 'zod';
import type { UserExportFile } from './queries/user-export.handler';
import { UserExportQuery } from './queries/user-export.query';
import { UserListQuery } from './queries/user-list.query';
import { UserSelfQuery } from './queries/user-self.query';
import { UserQuery } from './queries/user.query';
import { QueryController } from '../shared/query-controller.decorator';

@QueryController()
export class UserController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  /** GET /api/user/self/?descendant_fields=true — the signed-in user. */
  @Get(ROUTES.userSelf.path)
  self(
    @CurrentPrincipal() principal: Principal,
    @Query(new ZodQueryPipe(UserSelfQuerySchema)) { descendant_fields }: z.output<typeof UserSelfQuerySchema>,
  ): Promise<UserSelfDto> {
    return this.queryBus.execute(new UserSelfQuery(principal, descendant_fields));
  }

  /**
   * GET /api/user/{id}/?custom_fields=true — a user in the caller's reach (own customer group or a
   * descendant; anything else, another tenant's ids included, answers 404).
   */
  @Get(ROUTES.user.path)
  user(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Query(new ZodQueryPipe(UserQuerySchema)) { custom_fields }: z.output<typeof UserQuerySchema>,
  ): Promise<UserDto> {
    return this.queryBus.execute(new UserQuery(principal, id, custom_fields));
  }

  /**
   * GET /api/customer_group/{id}/users/?all=&field=&value=&search_by_missing_value=&search_by_address_string=
   * &items_per_page=&page_number=&sort_by=&descending= — a page of the group's users.
   */
  @Get(ROUTES.customerGroupUsers.path)
  customerGroupUsers(
    @CurrentPrincipal() principal: Principal,
    @Param('id') customerGroupId: string,
    @Query(new ZodQueryPipe(UserListQuerySchema)) query: z.output<typeof UserListQuerySchema>,
  ): Promise<UserListPageDto> {
    return this.queryBus.execute(new UserListQuery(principal, customerGroupId, query));
  }

  /** GET /api/user/list_users_export/{id}/?format=csv|xlsx and the list's filters: every matching user as a file. */
  @Get(ROUTES.listUsersExport.path)
  async listUsersExport(
    @CurrentPrincipal() principal: Principal,
    @Param('id') customerGroupId: string,
    @Query(new ZodQueryPipe(UserListExportQuerySchema)) { format, ...params }: z.output<typeof UserListExportQuerySchema>,
    @Res({ passthrough: true }) response: Response,
  ): Promise<StreamableFile> {
    return asDownload(response, await this.queryBus.execute(new UserExportQuery(principal, customerGroupId, params, format)));
  }

  /** POST /api/export_users with {customer_group, format, ...the list's filters}: as the GET export. */
  @Post(ROUTES.exportUsers.path)
  @HttpCode(200)
  async exportUsers(
    @CurrentPrincipal() principal: Principal,
    @Body(new ZodBodyPipe(ExportUsersRequestSchema)) { customer_group, format, ...params }: z.output<typeof ExportUsersRequestSchema>,
    @Res({ passthrough: true }) response: Response,
  ): Promise<StreamableFile> {
    return asDownload(response, await this.queryBus.execute(new UserExportQuery(principal, customer_group, params, format)));
  }
}

/** The export as an attachment, streamed as it is written, never cached by a shared cache. */
function asDownload(response: Response, file: UserExportFile): StreamableFile {
  response.setHeader('X-Content-Type-Options', 'nosniff');
  response.setHeader('Cache-Control', 'private, no-store');
  return new StreamableFile(file.stream, { type: file.contentType, disposition: `attachment; filename="${file.filename}"` });
}

import { Body, Controller, Headers, Inject, Param, Put, Res } from '@nestjs/common';
import { ROUTES, type IncidentModuleSettingsDto } from '@beacon/contracts';
import { CurrentPrincipal, type Principal } from '@beacon/platform';
import { exposePosition } from '../shared/event-position';
import { ChangeIncidentModuleSettingsHandler } from './commands/change-incident-module-settings.handler';

type Response = Parameters<typeof exposePosition>[0];

@Controller()
export class CustomerGroupController {
  constructor(@Inject(ChangeIncidentModuleSettingsHandler) private readonly changeSettings: ChangeIncidentModuleSettingsHandler) {}

  @Put(ROUTES.changeIncidentModuleSettings.path)
  async changeIncidentModuleSettings(
    @CurrentPrincipal() principal: Principal,
    @Param('id') customerGroupId: string,
    @Body() body: unknown,
    @Headers('idempotency-key') commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<IncidentModuleSettingsDto> {
    const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    const outcome = await this.changeSettings.execute(
      principal,
      customerGroupId,
      { module_name: input.module_name, module_name_plural: input.module_name_plural },
      commandId,
    );
    exposePosition(response, outcome.position);
    return {
      module_name: String(input.module_name).trim(),
      module_name_plural: String(input.module_name_plural).trim(),
    };
  }
}

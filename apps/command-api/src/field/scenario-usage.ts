import { Injectable } from '@nestjs/common';

/**
 * How many messages (scenarios) use a contact field or one of its options, which a field or option
 * must not be deleted while any does. Messages do not exist in this version yet, so none uses
 * anything; the message feature answers these from its read model when it comes.
 */
@Injectable()
export class ScenarioUsage {
  async ofField(_rootId: string, _fieldId: string): Promise<number> {
    return 0;
  }

  async ofOption(_rootId: string, _optionId: string): Promise<number> {
    return 0;
  }
}

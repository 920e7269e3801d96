import { corrigoCustomerSettingsSchema, corrigoProceduresSchema } from '@sm/shared';
import { describe, expect, it } from 'vitest';
import { toCheckOut, toCustomerSettings, toProcedures, toStepUpdates, toWorkOrderSummary, workOrderStatusOf } from './corrigo-mapper';

// Answers as the provider sends them (PascalCase), including fields the product does not read.
const SETTINGS_JSON = `{
  "CustomerId": 70431, "CustomerName": "Lone Star Restaurant Group", "IsRepairCodeRequired": true, "IsBackdatingAllowed": false,
  "RepairCategories": [
    {"Id": 310, "Category": "Refrigeration", "Codes": [{"Id": 3101, "Code": "Replaced fan motor"}, {"Id": 3102, "Code": "Cleaned condenser coil"}]},
    {"Id": 330, "Category": "Retired", "Codes": []}
  ],
  "CustomFields": [
    {"Id": 5101, "Label": "Equipment left operational", "Values": ["Yes", "No"], "DataType": "String", "DataLength": 3, "IsDeleted": false, "IsReadonly": false, "IsRequired": true, "CurrencyCode": null},
    {"Id": 5102, "Label": "Parts cost", "Values": [], "DataType": "Money", "DataLength": 12, "IsDeleted": false, "IsReadonly": false, "IsRequired": false, "CurrencyCode": "USD"},
    {"Id": 5103, "Label": "Old asset tag", "Values": [], "DataType": "String", "DataLength": 40, "IsDeleted": true, "IsReadonly": false, "IsRequired": true, "CurrencyCode": null},
    {"Id": 5104, "Label": "Contract number", "Values": [], "DataType": "String", "DataLength": 20, "IsDeleted": false, "IsReadonly": true, "IsRequired": false, "CurrencyCode": null},
    {"Id": 5105, "Label": "Barcode", "Values": [], "DataType": "Barcode2D", "DataLength": null, "IsDeleted": false, "IsReadonly": false, "IsRequired": false, "CurrencyCode": null}
  ],
  "Priorities": [{"Id": 1, "Name": "Emergency", "RespondInMinutes": 60, "DueInHours": 4, "IsEmergency": true}],
  "WebhookUrl": "https://example.invalid/hook"
}`;

const PROCEDURES_JSON = `{"Procedures": [
  {"Id": 9102, "Name": "Site sign-off", "Order": 2, "State": "Open", "Asset": null, "AllowNotApplicable": false,
   "Steps": [{"Id": 91021, "Order": 1, "Description": "Name of the manager on site", "Label": "Manager", "StepType": "Text", "DataType": "String", "IsRequired": false, "State": "Open", "Value": null, "Comment": null, "FlagReason": null, "CurrencyCode": null}]},
  {"Id": 9101, "Name": "Walk-in cooler inspection", "Order": 1, "State": "Open", "Asset": {"Name": "Walk-in cooler WIC-2"}, "AllowNotApplicable": true,
   "Steps": [
     {"Id": 91012, "Order": 2, "Description": "Check the door gasket seals", "Label": null, "StepType": "Checkbox", "DataType": "Bool", "IsRequired": true, "State": "Done", "Value": "true", "Comment": "All good", "FlagReason": null, "CurrencyCode": null},
     {"Id": 91011, "Order": 1, "Description": "Record the discharge air temperature", "Label": "Temperature", "StepType": "Text", "DataType": "Float", "IsRequired": true, "State": "Flagged", "Value": "38.5", "Comment": null, "FlagReason": "Too warm", "CurrencyCode": null}
   ]}
]}`;

describe('Corrigo mapper', () => {
  it('maps customer settings: categories with codes, questions without deleted or read-only ones, unknown types as Unknown', () => {
    const settings = toCustomerSettings(JSON.parse(SETTINGS_JSON));
    expect(corrigoCustomerSettingsSchema.parse(settings)).toEqual(settings);
    expect(settings.isRepairCodeRequired).toBe(true);
    expect(settings.areRepairCodesAvailable).toBe(true);
    expect(settings.repairCategories).toEqual([
      { id: 310, name: 'Refrigeration', codes: [{ id: 3101, name: 'Replaced fan motor' }, { id: 3102, name: 'Cleaned condenser coil' }] },
      { id: 330, name: 'Retired', codes: [] },
    ]);
    expect(settings.customFields.map((f) => f.id)).toEqual([5101, 5102, 5105]);
    expect(settings.customFields[0]).toEqual({ id: 5101, labelText: 'Equipment left operational', isRequired: true, dataLength: 3, currency: null, values: ['Yes', 'No'], type: 'String', value: null });
    expect(settings.customFields[1]).toMatchObject({ type: 'Money', currency: 'USD', isRequired: false });
    expect(settings.customFields[2].type).toBe('Unknown');
    expect(settings.availablePriorities).toEqual([{ id: 1, name: 'Emergency', respondInMinutes: 60, dueInHours: 4, isEmergency: true }]);
  });

  it('says repair codes are not available when no category has a code', () => {
    const settings = toCustomerSettings({ ...JSON.parse(SETTINGS_JSON), IsRepairCodeRequired: false, RepairCategories: [{ Id: 1, Category: 'Empty', Codes: [] }] });
    expect([settings.isRepairCodeRequired, settings.areRepairCodesAvailable]).toEqual([false, false]);
  });

  it('orders procedures and steps by their order, gives each step its procedure id, and reads unknown states as Unknown', () => {
    const procedures = toProcedures(JSON.parse(PROCEDURES_JSON).Procedures);
    expect(corrigoProceduresSchema.parse(procedures)).toEqual(procedures);
    expect(procedures.map((p) => p.id)).toEqual([9101, 9102]);
    expect(procedures[0]).toMatchObject({ name: 'Walk-in cooler inspection', order: 1, status: 'Open', asset: { assetName: 'Walk-in cooler WIC-2' }, allowMarkNotApplicable: true });
    expect(procedures[0].steps.map((s) => [s.id, s.procedureId, s.status])).toEqual([[91011, 9101, 'Unknown'], [91012, 9101, 'Done']]);
    expect(procedures[0].steps[0]).toMatchObject({ value: '38.5', stepType: 'Text', dataType: 'Float', isRequired: true, flagReason: 'Too warm', label: 'Temperature' });
    expect(procedures[1].asset).toBeNull();
  });

  it('reads the work order and knows only the provider\'s statuses', () => {
    expect(toWorkOrderSummary({ Id: 8801501, Number: 'CG-1501', CustomerId: 70431, Status: 'Paused', TypeCategory: 'CustomerRequest', Nte: { Amount: 1500, CurrencyCode: 'USD' } })).toEqual({
      id: 8801501, number: 'CG-1501', customerId: 70431, status: 'Paused', nteAmount: 1500,
    });
    expect(workOrderStatusOf('NeedsCompletionDetails')).toBe('NeedsCompletionDetails');
    expect(workOrderStatusOf('Archived')).toBeNull();
  });

  it('writes a check-out body with names of the chosen category and code, the location, and questions', () => {
    const settings = toCustomerSettings(JSON.parse(SETTINGS_JSON));
    const body = toCheckOut(
      { comment: 'Replaced the fan motor', customFields: [{ id: 5101, value: 'Yes', valueType: 'String' }, { id: 5102, value: '', valueType: 'Money' }], repairInfo: { categoryId: 310, codeId: 3101 } },
      { latitude: 32.78, longitude: -96.8 },
      settings,
    );
    expect(body).toEqual({
      Comment: 'Replaced the fan motor',
      Location: { Latitude: 32.78, Longitude: -96.8 },
      Procedures: [],
      RepairInfo: { CodeId: 3101, Code: 'Replaced fan motor', CategoryId: 310, Category: 'Refrigeration' },
      CustomFields: [{ Id: 5101, Value: 'Yes', DataType: 'String' }, { Id: 5102, Value: null, DataType: 'Money' }],
    });
    const noRepair = toCheckOut({ comment: 'Checked', customFields: [], repairInfo: null }, { latitude: 1, longitude: 2 }, settings);
    expect(noRepair.RepairInfo).toBeNull();
    expect(toStepUpdates([{ id: 1, value: null, comment: 'n/a here', status: 'NA' }])).toEqual([{ Id: 1, Value: null, Comment: 'n/a here', State: 'NA' }]);
  });
});

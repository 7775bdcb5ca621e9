/** Templates shared by the iac test suites. */

/** A clean template covering VPC, vSwitches, security group, ECS, EIP and outputs, using short tags. */
export const CLEAN_TEMPLATE = `ROSTemplateFormatVersion: '2015-09-01'
Description: Web tier
Parameters:
  ZoneId:
    Type: String
    Label: Zone
    AssociationProperty: ALIYUN::ECS::ZoneId
  InstanceType:
    Type: String
    Label: Instance type
    AssociationProperty: ALIYUN::ECS::Instance::InstanceType
    AssociationPropertyMetadata:
      ZoneId: \${ZoneId}
  ImageId:
    Type: String
    Label: Image
    AssociationProperty: ALIYUN::ECS::Image::ImageId
  Password:
    Type: String
    NoEcho: true
    Label: Password
    AssociationProperty: ALIYUN::ECS::Instance::Password
Resources:
  Vpc:
    Type: ALIYUN::ECS::VPC
    Properties:
      CidrBlock: 192.168.0.0/16
  VSwitch:
    Type: ALIYUN::ECS::VSwitch
    Properties:
      VpcId: !Ref Vpc
      ZoneId: !Ref ZoneId
      CidrBlock: 192.168.1.0/24
  SecurityGroup:
    Type: ALIYUN::ECS::SecurityGroup
    Properties:
      VpcId: !GetAtt Vpc.VpcId
      SecurityGroupIngress:
        - IpProtocol: tcp
          PortRange: 443/443
          SourceCidrIp: 0.0.0.0/0
  Web:
    Type: ALIYUN::ECS::Instance
    Properties:
      VpcId: !Ref Vpc
      VSwitchId: !Ref VSwitch
      SecurityGroupId: !Ref SecurityGroup
      InstanceType: !Ref InstanceType
      ImageId: !Ref ImageId
      Password: !Ref Password
      InstanceName: !Sub
        - 'web-\${Suffix}'
        - Suffix: !Select [0, !GetAZs '']
  Eip:
    Type: ALIYUN::VPC::EIP
    Properties:
      Bandwidth: 5
  EipBinding:
    Type: ALIYUN::VPC::EIPAssociation
    DependsOn: Web
    Properties:
      AllocationId: !GetAtt [Eip, AllocationId]
      InstanceId: !Ref Web
Outputs:
  PublicIp:
    Label: Public IP
    Value: !GetAtt Eip.EipAddress
  Endpoint:
    Label: Endpoint
    Value: !Join ['', ['https://', !GetAtt Eip.EipAddress, '/', !Ref 'ALIYUN::StackName']]
`;

/**
 * One planted error (or warning) of each kind the validator reports on a parsed template.
 * The comment on each line names the code it must produce.
 */
export const PLANTED_TEMPLATE = `ROSTemplateFormatVersion: '2016-01-01'  # ROS1120
Metdata: {}  # ROS1006
Parameters:
  ZoneId:
    Type: String
    AssociationProperty: ALIYUN::ECS::ZoneId
  Leftover:  # ROS5401
    Type: String
  DbPassword:  # ROS5402
    Type: String
  Size:  # ROS5403
    Type: Number
    AllowedValues: [20, 40]
    Default: 30
  Mode:  # ROS1202
    Type: Text
    Default: a
  Web:  # ROS4201 (also a resource)
    Type: String
Conditions:
  IsBig:
    Fn::Equals: [!Ref Size, 40]
Resources:
  Vpc:
    Type: ALIYUN::ECS::VPC
    Properties:
      CidrBlock: 192.168.0.0/16
      Description: !Ref Mode
  VSwitchA:
    Type: ALIYUN::ECS::VSwitch
    Properties:
      VpcId: !Ref Vpc
      ZoneId: !Ref ZoneId
      CidrBlock: 192.168.1.0/24
  VSwitchB:  # ROS5302 overlaps VSwitchA
    Type: ALIYUN::ECS::VSwitch
    Properties:
      VpcId: !Ref Vpc
      ZoneId: !Ref ZoneId
      CidrBlock: 192.168.1.128/25
  VSwitchC:  # ROS5303 outside the VPC
    Type: ALIYUN::ECS::VSwitch
    Properties:
      VpcId: !GetAtt Vpc.VpcId
      ZoneId: !Ref ZoneId
      CidrBlock: 10.0.0.0/24
  VSwitchD:  # ROS5301 host bits set
    Type: ALIYUN::ECS::VSwitch
    Properties:
      VpcId: !Ref Vpc
      ZoneId: cn-hangzhou-h  # ROS5404
      CidrBlock: 192.168.3.5/24
  Sg:
    Type: ALIYUN::ECS::SecurityGroup
    Properties:
      VpcId: !Ref Vpc
      SecurityGroupIngress:
        - IpProtocol: tcp
          PortRange: 22/22
          SourceCidrIp: 0.0.0.0/0  # ROS5501
        - IpProtocol: tcp
          PortRange: 80-80  # ROS5502
          SourceCidrIp: 0.0.0.0/0
  Web:
    Type: ALIYUN::ECS::Instanse  # ROS5001
    Condition: IsHuge  # ROS4003
    Properties:
      VSwitchId: !Ref VSwitchA
      SecurityGroupId: !Ref Sg
      InstanceName: !Ref Nope  # ROS4001
  Db:
    Type: ALIYUN::RDS::DBInstance  # ROS5103 (no DBInstanceClass)
    DependsOn: Missing  # ROS4002
    DeletionPolicy: Keep  # ROS1104
    Propertys: {}  # ROS1105
    Properties:
      Engine: MySQL
      EngineVersion: '8.0'
      DBInstanceStorage: !Ref Size
      SecurityIPList: 192.168.0.0/16
      MasterUserPassword: !Ref DbPassword
      DBInstanceDescription: !Sub
        - 'db-\${Env}'
        - Env: prod
          Unused: x  # ROS5203
  Admin:
    Type: ALIYUN::RAM::User
    Properties:
      UserName: admin
  RamLogin:
    Type: ALIYUN::RAM::LoginProfile
    Properties:
      UserName: !GetAtt Admin.UserName
      Password: Secret123!  # ROS5405
Outputs:
  VpcId:  # ROS1302 (no Label) and ROS5201 (VpcIdd)
    Value: !GetAtt Vpc.VpcIdd
  Ghost:
    Label: Ghost
    Value: !GetAtt Phantom.Id  # ROS4006
  WebParameter:
    Label: Web parameter
    Value: !Ref Web
  Joined:
    Label: Joined
    Value:
      Fn::Joinn: [',', [!Ref VSwitchA]]  # ROS2001
`;

/** The code each planted line above must produce, once each. */
export const PLANTED_CODES = [
  "ROS1104",
  "ROS1105",
  "ROS1006",
  "ROS1120",
  "ROS1202",
  "ROS1302",
  "ROS2001",
  "ROS4001",
  "ROS4002",
  "ROS4003",
  "ROS4006",
  "ROS4201",
  "ROS5001",
  "ROS5103",
  "ROS5201",
  "ROS5203",
  "ROS5301",
  "ROS5302",
  "ROS5303",
  "ROS5401",
  "ROS5402",
  "ROS5403",
  "ROS5404",
  "ROS5405",
  "ROS5501",
  "ROS5502",
];

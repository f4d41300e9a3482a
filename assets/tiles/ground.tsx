<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="ground" tilewidth="64" tileheight="32" tilecount="36" columns="8">
 <grid orientation="isometric" width="64" height="32"/>
 <image source="ground.png" width="512" height="160"/>
  <tile id="0">
   <properties>
    <property name="terrain" value="grass"/>
   </properties>
  </tile>
  <tile id="1">
   <properties>
    <property name="terrain" value="grass"/>
   </properties>
  </tile>
  <tile id="2">
   <properties>
    <property name="terrain" value="grass"/>
   </properties>
  </tile>
  <tile id="3">
   <properties>
    <property name="terrain" value="grass"/>
   </properties>
  </tile>
  <tile id="4">
   <properties>
    <property name="terrain" value="snow"/>
   </properties>
  </tile>
  <tile id="5">
   <properties>
    <property name="terrain" value="snow"/>
   </properties>
  </tile>
  <tile id="6">
   <properties>
    <property name="terrain" value="snow"/>
   </properties>
  </tile>
  <tile id="7">
   <properties>
    <property name="terrain" value="snow"/>
   </properties>
  </tile>
  <tile id="8">
   <properties>
    <property name="terrain" value="water"/>
   </properties>
  </tile>
  <tile id="9">
   <properties>
    <property name="terrain" value="water"/>
   </properties>
  </tile>
  <tile id="10">
   <properties>
    <property name="terrain" value="water"/>
   </properties>
  </tile>
  <tile id="11">
   <properties>
    <property name="terrain" value="water"/>
   </properties>
  </tile>
  <tile id="12">
   <properties>
    <property name="terrain" value="flowers"/>
   </properties>
  </tile>
  <tile id="13">
   <properties>
    <property name="terrain" value="flowers"/>
   </properties>
  </tile>
  <tile id="14">
   <properties>
    <property name="terrain" value="flowers"/>
   </properties>
  </tile>
  <tile id="15">
   <properties>
    <property name="terrain" value="flowers"/>
   </properties>
  </tile>
  <tile id="16">
   <properties>
    <property name="terrain" value="road"/>
   </properties>
  </tile>
  <tile id="17">
   <properties>
    <property name="terrain" value="road"/>
   </properties>
  </tile>
  <tile id="18">
   <properties>
    <property name="terrain" value="road"/>
   </properties>
  </tile>
  <tile id="19">
   <properties>
    <property name="terrain" value="road"/>
   </properties>
  </tile>
  <tile id="20">
   <properties>
    <property name="terrain" value="road"/>
   </properties>
  </tile>
  <tile id="21">
   <properties>
    <property name="terrain" value="road"/>
   </properties>
  </tile>
  <tile id="22">
   <properties>
    <property name="terrain" value="road"/>
   </properties>
  </tile>
  <tile id="23">
   <properties>
    <property name="terrain" value="road"/>
   </properties>
  </tile>
  <tile id="24">
   <properties>
    <property name="terrain" value="road"/>
   </properties>
  </tile>
  <tile id="25">
   <properties>
    <property name="terrain" value="road"/>
   </properties>
  </tile>
  <tile id="26">
   <properties>
    <property name="terrain" value="road"/>
   </properties>
  </tile>
  <tile id="27">
   <properties>
    <property name="terrain" value="road"/>
   </properties>
  </tile>
  <tile id="28">
   <properties>
    <property name="terrain" value="road"/>
   </properties>
  </tile>
  <tile id="29">
   <properties>
    <property name="terrain" value="road"/>
   </properties>
  </tile>
  <tile id="30">
   <properties>
    <property name="terrain" value="road"/>
   </properties>
  </tile>
  <tile id="31">
   <properties>
    <property name="terrain" value="road"/>
   </properties>
  </tile>
  <tile id="32">
   <properties>
    <property name="terrain" value="grass"/>
   </properties>
  </tile>
  <tile id="33">
   <properties>
    <property name="terrain" value="grass"/>
   </properties>
  </tile>
  <tile id="34">
   <properties>
    <property name="terrain" value="grass"/>
   </properties>
  </tile>
  <tile id="35">
   <properties>
    <property name="terrain" value="grass"/>
   </properties>
  </tile>
 <wangsets>
  <wangset name="roads" type="edge" tile="31">
   <wangcolor name="road" color="#c9a66b" tile="31" probability="1"/>
   <wangtile tileid="17" wangid="1,0,0,0,0,0,0,0"/>
   <wangtile tileid="18" wangid="0,0,1,0,0,0,0,0"/>
   <wangtile tileid="19" wangid="1,0,1,0,0,0,0,0"/>
   <wangtile tileid="20" wangid="0,0,0,0,1,0,0,0"/>
   <wangtile tileid="21" wangid="1,0,0,0,1,0,0,0"/>
   <wangtile tileid="22" wangid="0,0,1,0,1,0,0,0"/>
   <wangtile tileid="23" wangid="1,0,1,0,1,0,0,0"/>
   <wangtile tileid="24" wangid="0,0,0,0,0,0,1,0"/>
   <wangtile tileid="25" wangid="1,0,0,0,0,0,1,0"/>
   <wangtile tileid="26" wangid="0,0,1,0,0,0,1,0"/>
   <wangtile tileid="27" wangid="1,0,1,0,0,0,1,0"/>
   <wangtile tileid="28" wangid="0,0,0,0,1,0,1,0"/>
   <wangtile tileid="29" wangid="1,0,0,0,1,0,1,0"/>
   <wangtile tileid="30" wangid="0,0,1,0,1,0,1,0"/>
   <wangtile tileid="31" wangid="1,0,1,0,1,0,1,0"/>
  </wangset>
 </wangsets>
</tileset>
